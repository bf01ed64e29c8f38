#!/usr/bin/env python3
"""slurm_local.py - a one-machine Slurm cluster (munged, slurmctld, slurmd) under one directory, for
the farm tests and for trying 'rcosim regress --farm slurm' on a workstation.  Python 3 stdlib.

    slurm_local.py install            apt-get install the minimal Slurm + munge set (root)
    slurm_local.py start ROOT [CPUS]  start the cluster; prints the SLURM_CONF line to export
    slurm_local.py stop ROOT          cancel its jobs, stop its daemons, kill what is left of them

Recipe and measured pitfalls: ../shared/spec/slurm.md (the notes this follows): cgroup/v1 pinned,
batch_sched_delay=0, MaxArraySize raised, munge socket directory 0755, the node named localhost
with 'slurmd -N', jobcomp/filetxt as the record of finished tasks (no slurmdbd, so no sacct).
Every process it starts carries RCOSIM_SLURM_LOCAL=ROOT in its environment, and so do the jobs the
cluster runs for it (sbatch passes the environment on); 'stop' ends exactly those processes, by pid.
Free TCP ports are chosen at start, so two clusters (or a real slurmd) do not collide.
"""
import os
import getpass
import shutil
import signal
import socket
import subprocess
import sys
import time

PACKAGES = ['slurmctld', 'slurmd', 'slurm-client', 'munge']
DAEMONS = ['slurmctld', 'slurmd', 'munged', 'mungekey', 'sinfo', 'sbatch', 'squeue', 'scancel', 'scontrol']
MARK = 'RCOSIM_SLURM_LOCAL'


def installed():
    return all(shutil.which(d) or os.path.exists('/usr/sbin/' + d) for d in DAEMONS)


def install(log=sys.stdout):
    """Installs the packages when missing.  (True, '') or (False, why not)."""
    if installed():
        return True, ''
    if os.geteuid() != 0:
        return False, 'Slurm is not installed and this is not root (apt-get install %s)' % ' '.join(PACKAGES)
    if not shutil.which('apt-get'):
        return False, 'Slurm is not installed and there is no apt-get'
    env = dict(os.environ, DEBIAN_FRONTEND='noninteractive')
    cmd = ['apt-get', 'install', '-y', '-q', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=120'] + PACKAGES
    out = ''
    for attempt in ('cached lists', 'after apt-get update'):
        if attempt != 'cached lists':
            subprocess.run(['apt-get', 'update', '-q', '-o', 'DPkg::Lock::Timeout=120'], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=300)
        p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           stdin=subprocess.DEVNULL, timeout=600)
        out = p.stdout
        if p.returncode == 0 and installed():
            log.write('slurm_local: installed %s (%s)\n' % (' '.join(PACKAGES), attempt))
            return True, ''
    return False, 'apt-get install %s failed:\n%s' % (' '.join(PACKAGES), out[-2000:])


def free_ports(n):
    """n distinct TCP ports free right now (all held open until all are chosen)."""
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(('', 0))
        socks.append(s)
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


def env_of(root):
    env = dict(os.environ)
    env['SLURM_CONF'] = os.path.join(root, 'etc', 'slurm.conf')
    env[MARK] = root
    env['PATH'] = env.get('PATH', '/usr/bin:/bin') + ':/usr/sbin:/sbin'
    return env


def sbin(name):
    return shutil.which(name) or '/usr/sbin/' + name


CONF = '''# A one-machine cluster for rcosim's farm tests (tests/farm/slurm_local.py)
ClusterName=rcosimci
SlurmctldHost=localhost
SlurmUser={user}
SlurmdUser={user}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={root}/munge/munge.socket
SlurmctldPort={ctld_port}
SlurmdPort={d_port}
StateSaveLocation={root}/state
SlurmdSpoolDir={root}/spool
SlurmctldPidFile={root}/run/slurmctld.pid
SlurmdPidFile={root}/run/slurmd.pid
SlurmctldLogFile={root}/log/slurmctld.log
SlurmdLogFile={root}/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc={root}/log/jobcomp.txt
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SlurmdParameters=config_overrides
MailProg=/bin/true
MaxArraySize=100001
MaxJobCount=200000
MinJobAge=300
KillWait=5
NodeName=localhost CPUs={cpus} State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
'''


def start(root, cpus=None, log=sys.stdout):
    """Starts the cluster under root; returns the environment to talk to it.  Stops what it
    started when it cannot finish."""
    root = os.path.abspath(root)
    cpus = cpus or os.cpu_count() or 1
    for d in ('etc', 'state', 'spool', 'run', 'log', 'munge'):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    os.chmod(root, 0o755)
    os.chmod(os.path.join(root, 'munge'), 0o755)   # munged: the socket directory must be o+x
    env = env_of(root)
    key = os.path.join(root, 'munge', 'munge.key')
    quiet = {'stdin': subprocess.DEVNULL, 'stdout': subprocess.DEVNULL, 'stderr': subprocess.DEVNULL, 'env': env}
    try:
        if not os.path.exists(key):
            subprocess.run([sbin('mungekey'), '--create', '--keyfile=' + key], check=True, **quiet)
        os.chmod(key, 0o600)
        m = os.path.join(root, 'munge')
        subprocess.run([sbin('munged'), '--key-file=' + key, '--socket=%s/munge.socket' % m,
                        '--pid-file=%s/munged.pid' % m, '--log-file=%s/munged.log' % m,
                        '--seed-file=%s/munged.seed' % m], check=True, **quiet)
        ctld_port, d_port = free_ports(2)
        with open(env['SLURM_CONF'], 'w') as f:
            f.write(CONF.format(root=root, user=getpass.getuser(), ctld_port=ctld_port, d_port=d_port, cpus=cpus))
        with open(os.path.join(root, 'etc', 'cgroup.conf'), 'w') as f:
            f.write('CgroupPlugin=cgroup/v1\n')
        subprocess.run([sbin('slurmctld')], check=True, **quiet)
        subprocess.run([sbin('slurmd'), '-N', 'localhost'], check=True, **quiet)
        t0 = time.monotonic()
        st = ''
        while time.monotonic() - t0 < 30:
            p = subprocess.run(['sinfo', '-h', '-n', 'localhost', '-o', '%t'], capture_output=True, text=True,
                               env=env, stdin=subprocess.DEVNULL)
            st = p.stdout.strip()
            if st == 'idle':
                log.write('slurm_local: cluster up under %s (%d CPUs) after %.1f s\n' % (
                    root, cpus, time.monotonic() - t0))
                return env
            time.sleep(0.1)
        raise RuntimeError('the node did not become idle in 30 s (state %r)' % st)
    except Exception as e:
        tail = ''
        for name in ('log/slurmctld.log', 'log/slurmd.log', 'munge/munged.log'):
            try:
                with open(os.path.join(root, name), errors='replace') as f:
                    tail += '--- %s\n%s' % (name, ''.join(f.readlines()[-10:]))
            except OSError:
                pass
        stop(root, log)
        raise RuntimeError('slurm_local: cannot start the cluster: %s\n%s' % (e, tail))


def marked(root):
    """Pids of the processes whose environment carries MARK=root (daemons, step daemons, jobs)."""
    want = ('%s=%s' % (MARK, root)).encode()
    pids = []
    for d in os.listdir('/proc'):
        if not d.isdigit() or int(d) == os.getpid():
            continue
        try:
            with open('/proc/%s/environ' % d, 'rb') as f:
                if want in f.read().split(b'\0'):
                    pids.append(int(d))
        except OSError:
            pass
    return pids


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:   # a zombie is gone for our purpose
        with open('/proc/%d/stat' % pid) as f:
            return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except OSError:
        return False


def stop(root, log=sys.stdout):
    """Cancels the cluster's jobs, stops its daemons (all at once, TERM then KILL), then kills any
    process still carrying its mark.  Safe to call twice, or on a half-started cluster."""
    root = os.path.abspath(root)
    env = env_of(root)
    t0 = time.monotonic()
    if os.path.exists(os.path.join(root, 'run', 'slurmctld.pid')):
        try:
            p = subprocess.run(['squeue', '-h', '-o', '%A'], capture_output=True, text=True, env=env, timeout=10,
                               stdin=subprocess.DEVNULL)
            jobs = sorted(set(p.stdout.split()))
            if jobs:
                subprocess.run(['scancel'] + jobs, env=env, timeout=10, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired):
            pass
    pids = []
    mine = set(marked(root))
    for f in ('run/slurmd.pid', 'run/slurmctld.pid', 'munge/munged.pid'):
        try:
            with open(os.path.join(root, f)) as fh:
                pid = int(fh.read().strip())
        except (OSError, ValueError):
            continue
        if pid not in mine:          # gone, or the number now belongs to someone else
            continue
        try:
            os.kill(pid, signal.SIGTERM)
            pids.append(pid)
        except OSError:
            pass
    deadline = time.monotonic() + 10
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [p for p in set(pids + marked(root)) if alive(p)]
    for p in left:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    if left:
        log.write('slurm_local: killed %d leftover process(es) of %s: %s\n' % (len(left), root, left))
    log.write('slurm_local: cluster under %s stopped in %.1f s\n' % (root, time.monotonic() - t0))


def reaper(root, watched_pid):
    """Starts a detached process that stops the cluster once watched_pid has gone, whatever killed
    it (a CTest timeout's SIGKILL included).  Returns its pid."""
    code = ('import os,sys,time\nsys.path.insert(0,%r)\nimport slurm_local as s\n'
            'pid=%d\nwhile s.alive(pid): time.sleep(0.5)\n'
            'if os.path.exists(%r): s.stop(%r, open(os.devnull,"w"))\n') % (
        os.path.dirname(os.path.abspath(__file__)), watched_pid, os.path.join(root, 'etc'), root)
    p = subprocess.Popen([sys.executable, '-c', code], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    return p.pid


def main(argv):
    if argv[:1] == ['install']:
        ok, why = install()
        if not ok:
            sys.stderr.write('slurm_local: %s\n' % why)
        return 0 if ok else 1
    if len(argv) >= 2 and argv[0] == 'start':
        env = start(argv[1], int(argv[2]) if len(argv) > 2 else None)
        print('export SLURM_CONF=%s' % env['SLURM_CONF'])
        return 0
    if len(argv) == 2 and argv[0] == 'stop':
        stop(argv[1])
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
