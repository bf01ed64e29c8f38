/*
 * rc_args.c - strict number parsing, output directory checks and atomic output files
 * (temporary name + rename) for the command line; see rc_args.h.
 */
#define _DEFAULT_SOURCE
#include "rc_args.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int rc_parse_u64_range(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    if (!s || !*s)
        return -1;
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (!*s)
            return -1;
    }
    uint64_t v = 0;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return -1;
        if (v > (UINT64_MAX - d) / (uint64_t)base)
            return -1;
        v = v * (uint64_t)base + d;
    }
    if (v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int rc_parse_uint_range(const char *s, unsigned min, unsigned max, unsigned *out)
{
    uint64_t v;
    if (rc_parse_u64_range(s, min, max, &v))
        return -1;
    *out = (unsigned)v;
    return 0;
}

int rc_check_out_dir(const char *dir, char *err, size_t errn)
{
    struct stat st;
    if (!dir || !*dir) {
        snprintf(err, errn, "'': expected a directory name");
        return -1;
    }
    /* The kernel takes no path of PATH_MAX bytes or more (a deeper directory is reached by a
     * shorter relative path from a working directory inside it). */
    if (strlen(dir) >= PATH_MAX) {
        snprintf(err, errn, "'%.60s...' (%zu bytes): expected a path shorter than %d bytes (PATH_MAX)", dir,
                 strlen(dir), PATH_MAX);
        return -1;
    }
    if (!stat(dir, &st)) {
        if (!S_ISDIR(st.st_mode)) {
            snprintf(err, errn, "'%s': expected a directory, it is an existing file", dir);
            return -1;
        }
        if (access(dir, W_OK | X_OK)) {
            snprintf(err, errn, "'%s': expected a writable directory: %s", dir, strerror(errno));
            return -1;
        }
        return 0;
    }
    /* Does not exist: the nearest existing ancestor must be a writable directory. */
    size_t n = strlen(dir);
    char *p = malloc(n + 2);
    if (!p) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    memcpy(p, dir, n + 1);
    int rc = 0;
    for (;;) {
        while (n > 1 && p[n - 1] == '/')
            p[--n] = 0;
        char *slash = strrchr(p, '/');
        if (!slash) {
            strcpy(p, ".");
        } else if (slash == p) {
            p[1] = 0;
        } else {
            *slash = 0;
        }
        n = strlen(p);
        if (!stat(p, &st)) {
            if (!S_ISDIR(st.st_mode)) {
                snprintf(err, errn, "'%s': expected a directory path, '%s' is an existing file", dir, p);
                rc = -1;
            } else if (access(p, W_OK | X_OK)) {
                snprintf(err, errn, "'%s': expected a directory that can be created, '%s' is not writable", dir, p);
                rc = -1;
            }
            break;
        }
        if (!strcmp(p, ".") || !strcmp(p, "/"))
            break;
    }
    free(p);
    return rc;
}

int rc_check_out_file(const char *path, char *err, size_t errn)
{
    struct stat st;
    if (!path || !*path) {
        snprintf(err, errn, "'': expected a file name");
        return -1;
    }
    size_t n = strlen(path);
    if (n >= PATH_MAX) {
        snprintf(err, errn, "'%.60s...' (%zu bytes): expected a path shorter than %d bytes (PATH_MAX)", path, n,
                 PATH_MAX);
        return -1;
    }
    if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
        snprintf(err, errn, "'%s': expected a file name, it is a directory", path);
        return -1;
    }
    char *dir = strdup(path);
    if (!dir) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    char *slash = strrchr(dir, '/');
    if (!slash)
        strcpy(dir, ".");
    else if (slash == dir)
        dir[1] = 0;
    else
        *slash = 0;
    int rc = 0;
    if (stat(dir, &st)) {
        snprintf(err, errn, "'%s': expected a file in an existing directory, '%s': %s", path, dir, strerror(errno));
        rc = -1;
    } else if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errn, "'%s': expected a file in an existing directory, '%s' is not a directory", path, dir);
        rc = -1;
    } else if (access(dir, W_OK | X_OK)) {
        snprintf(err, errn, "'%s': expected a file in a writable directory, '%s' is not writable", path, dir);
        rc = -1;
    }
    free(dir);
    return rc;
}

/* ---- temporary files ---------------------------------------------------------------------- */

#define TMP_TAG ".rcosim-tmp."

/* The one temporary file being written (a command writes its outputs one at a time).  Set
 * only from the main flow; read by the signal handler. */
static char *volatile tmp_live;
/* Its companion NAME.rcosim-tmp.PID.hier: the FST writer (Verilator's fstapi.c) keeps the
 * hierarchy of a waveform being dumped in a file named after the dump, removed when the dump
 * is closed; a killed run would leave it. */
static char *volatile tmp_live_hier;
#define HIER_TAG ".hier"

static void on_signal(int sig)
{
    char *t = tmp_live, *h = tmp_live_hier;
    if (t)
        unlink(t);
    if (h)
        unlink(h);
    signal(sig, SIG_DFL);
    raise(sig);
}

void rc_tmp_install_handlers(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        struct sigaction old;
        if (!sigaction(sigs[i], NULL, &old) && old.sa_handler == SIG_IGN)
            continue;       /* keep an ignored signal ignored (nohup) */
        sigaction(sigs[i], &sa, NULL);
    }
}

static void clean_stale(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dlen = slash ? (size_t)(slash - path) : 0;
    char *dir = malloc(dlen + 2);
    if (!dir)
        return;
    if (slash) {
        memcpy(dir, path, dlen ? dlen : 1);
        dir[dlen ? dlen : 1] = 0;
    } else {
        strcpy(dir, ".");
    }
    const char *base = slash ? slash + 1 : path;
    size_t blen = strlen(base), tlen = strlen(TMP_TAG);
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (strncmp(e->d_name, base, blen) || strncmp(e->d_name + blen, TMP_TAG, tlen))
                continue;
            const char *pid = e->d_name + blen + tlen;
            char *end;
            long p = strtol(pid, &end, 10);
            if (!strcmp(end, HIER_TAG))
                end += strlen(HIER_TAG);    /* a killed waveform dump's hierarchy file */
            if (*end || p <= 0 || (p != (long)getpid() && (kill((pid_t)p, 0) == 0 || errno == EPERM)))
                continue;   /* a live writer's */
            size_t fn = strlen(dir) + strlen(e->d_name) + 2;
            char *full = malloc(fn);
            if (full) {
                snprintf(full, fn, "%s/%s", dir, e->d_name);
                unlink(full);
                free(full);
            }
        }
        closedir(d);
    }
    free(dir);
}

char *rc_tmp_name(const char *path)
{
    clean_stale(path);
    size_t n = strlen(path) + strlen(TMP_TAG) + 24;
    char *t = malloc(n);
    if (t)
        snprintf(t, n, "%s" TMP_TAG "%ld", path, (long)getpid());
    return t;
}

void rc_tmp_register(const char *tmp)
{
    char *old = tmp_live, *oldh = tmp_live_hier, *h = NULL;
    if (tmp && (h = malloc(strlen(tmp) + sizeof HIER_TAG)))
        snprintf(h, strlen(tmp) + sizeof HIER_TAG, "%s" HIER_TAG, tmp);
    tmp_live_hier = NULL;       /* never a freed name while the handler may look */
    tmp_live = tmp ? strdup(tmp) : NULL;
    tmp_live_hier = h;
    free(old);
    free(oldh);
}

int rc_tmp_commit(const char *tmp, const char *path)
{
    int rc = rename(tmp, path);
    if (rc) {
        int e = errno;
        unlink(tmp);
        errno = e;
    }
    rc_tmp_register(NULL);
    return rc;
}

void rc_tmp_abort(const char *tmp)
{
    unlink(tmp);
    rc_tmp_register(NULL);
}

int rc_mkdirs(const char *path)
{
    char *buf = strdup(path);
    if (!buf || !*buf) {
        free(buf);
        return -1;
    }
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(buf, 0777) && errno != EEXIST) {
            free(buf);
            return -1;
        }
        *p = '/';
    }
    int rc = mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
    free(buf);
    return rc;
}
