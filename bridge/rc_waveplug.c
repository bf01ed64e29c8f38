/*
 * rc_waveplug.c - the waveform variant of a block, loaded when a failure needs it (rc_waveplug.h).
 *
 * The traced waveform variant of every block used to be linked into rcosim, and compiling it was
 * more than a third of a fresh build (issue 28).  It is now a plugin per block, built by CMake
 * only when asked (target <id>_wave, file wave/rcosim_wave_<id>.so beside the executable): the
 * first failure of a block that needs a waveform builds it (a minute or so for the largest
 * composites), later ones load it at once.  The executable exports its symbols (the Verilator
 * runtime, the engine) so the plugin resolves them against the one copy in the binary.
 */
#define _GNU_SOURCE
#include "rc_waveplug.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef RCOSIM_CMAKE_COMMAND
#define RCOSIM_CMAKE_COMMAND "cmake"
#endif

/* The directory of the running executable (no trailing slash), or 0 on failure. */
static int exe_dir(char *dir, size_t n)
{
    ssize_t k = readlink("/proc/self/exe", dir, n - 1);
    if (k <= 0 || (size_t)k >= n - 1)
        return 0;
    dir[k] = 0;
    char *slash = strrchr(dir, '/');
    if (!slash)
        return 0;
    *slash = 0;
    return 1;
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Runs `cmake --build DIR --target TARGET` with its output in LOG, holding DIR/wave/.lock so that
 * two runs needing a waveform at once never run two builds in one tree.  0 on success. */
static int build_plugin(const char *dir, const char *target, const char *log, char *err, size_t errn)
{
    char lockpath[PATH_MAX + 32];
    snprintf(lockpath, sizeof lockpath, "%s/wave", dir);
    mkdir(lockpath, 0777);
    snprintf(lockpath, sizeof lockpath, "%s/wave/.lock", dir);
    int lock = open(lockpath, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (lock < 0 || flock(lock, LOCK_EX) != 0) {
        snprintf(err, errn, "cannot lock %s: %s", lockpath, strerror(errno));
        if (lock >= 0)
            close(lock);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execlp(RCOSIM_CMAKE_COMMAND, RCOSIM_CMAKE_COMMAND, "--build", dir, "--target", target, (char *)NULL);
        _exit(127);
    }
    int status = 0, rc = -1;
    if (pid < 0)
        snprintf(err, errn, "cannot start cmake: %s", strerror(errno));
    else if (waitpid(pid, &status, 0) < 0)
        snprintf(err, errn, "waiting for cmake: %s", strerror(errno));
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        snprintf(err, errn, "building its waveform variant failed (cmake --build %s --target %s); see %s",
                 dir, target, log);
    else
        rc = 0;
    flock(lock, LOCK_UN);
    close(lock);
    return rc;
}

const rc_side_ops *rc_wave_side(const rc_block_desc *b, char *err, size_t errn)
{
    if (b->wave)
        return b->wave;
    char id[128], dir[PATH_MAX], so[PATH_MAX + 200], target[160], sym[160], path[PATH_MAX + 200];
    snprintf(id, sizeof id, "%s", b->name);
    for (char *p = id; *p; p++)
        if (*p == '.')
            *p = '_';
    if (!exe_dir(dir, sizeof dir)) {
        snprintf(err, errn, "block %s: cannot find the executable's directory for its waveform plugin", b->name);
        return NULL;
    }
    snprintf(so, sizeof so, "%s/wave/rcosim_wave_%s.so", dir, id);
    snprintf(target, sizeof target, "%s_wave", id);
    snprintf(path, sizeof path, "%s/CMakeCache.txt", dir);
    if (exists(path)) {
        /* In its build tree: bring the plugin up to date with the RTL (a no-op when it is). */
        int fresh = !exists(so);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (fresh)
            fprintf(stderr, "rcosim: building the waveform variant of %s (once; log %s/wave/%s.log)\n",
                    b->name, dir, id);
        snprintf(path, sizeof path, "%s/wave/%s.log", dir, id);
        if (build_plugin(dir, target, path, err, errn))
            return NULL;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (fresh)
            fprintf(stderr, "rcosim: built the waveform variant of %s in %.0f s\n", b->name,
                    (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
    }
    if (!exists(so)) {
        snprintf(err, errn, "block %s has no waveform plugin %s (build the target %s)", b->name, so, target);
        return NULL;
    }
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(err, errn, "cannot load %s: %s", so, dlerror());
        return NULL;
    }
    snprintf(sym, sizeof sym, "%s_wave_ops", id);
    const rc_side_ops *ops = (const rc_side_ops *)dlsym(h, sym);
    if (!ops) {
        snprintf(err, errn, "%s has no %s", so, sym);
        return NULL;
    }
    return ops;
}
