/*
 * rc_bundle.c - failure bundles (--wave DIR, rc_bundle.h): the run with its report captured,
 * the failure window re-run with the block's waveform wrapper, the failure's pictures (for a
 * block that draws them), and the bundle's files written under temporary names and renamed into
 * place when whole.
 */
#define _GNU_SOURCE
#include "rc_bundle.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rc_args.h"
#include "rc_wave.h"
#include "rc_waveplug.h"

/* A bundle file is written under a temporary name (rc_args.h) and renamed into place when
 * whole; *path gets the final name, *tmp the temporary one (both malloc'd). */
static FILE *bundle_file(const char *dir, const char *name, char **path, char **tmp)
{
    *tmp = NULL;
    if (asprintf(path, "%s/%s", dir, name) < 0) {
        *path = NULL;
        return NULL;
    }
    FILE *f = NULL;
    if ((*tmp = rc_tmp_name(*path))) {
        rc_tmp_register(*tmp);
        f = fopen(*tmp, "w");
    }
    if (!f) {
        fprintf(stderr, "rcosim: cannot write %s: %s\n", *path, strerror(errno));
        if (*tmp)
            rc_tmp_abort(*tmp);
    }
    return f;
}

/* Closes and renames a bundle file; -1 when it was not written (bundle_file failed, or this). */
static int bundle_close(FILE *f, char *path, char *tmp, mode_t mode)
{
    int bad = !f;
    if (f) {
        if (mode)
            fchmod(fileno(f), mode);
        if (fclose(f) || rc_tmp_commit(tmp, path)) {
            fprintf(stderr, "rcosim: cannot write %s: %s\n", path, strerror(errno));
            bad = 1;
        }
    }
    free(path);
    free(tmp);
    return bad ? -1 : 0;
}

static int copy_file(const char *from, const char *to)
{
    char *tmp = rc_tmp_name(to);
    if (!tmp)
        return -1;
    rc_tmp_register(tmp);
    FILE *a = fopen(from, "rb"), *b = a ? fopen(tmp, "wb") : NULL;
    char buf[65536];
    size_t n;
    int rc = a && b ? 0 : -1;
    while (!rc && (n = fread(buf, 1, sizeof buf, a)) > 0)
        if (fwrite(buf, 1, n, b) != n)
            rc = -1;
    if (a)
        fclose(a);
    if (b && fclose(b))
        rc = -1;
    if (rc)
        rc_tmp_abort(tmp);
    else
        rc = rc_tmp_commit(tmp, to);
    free(tmp);
    return rc;
}

/* The absolute name of directory d (malloc'd), for display: its real path, or, where the
 * file system cannot resolve it (deeper than PATH_MAX), the working directory joined to it. */
static char *abs_dir(const char *d)
{
    char *p = realpath(d, NULL);
    if (p || d[0] == '/')
        return p ? p : strdup(d);
    char *cwd = getcwd(NULL, 0), *j = NULL;
    if (cwd && asprintf(&j, "%s/%s", cwd, d) < 0)
        j = NULL;
    free(cwd);
    return j;
}

/* Runs r, its report captured; on a failure (or with an explicit window) re-runs the failure
 * window with the waveform wrapper and writes the bundle.  Prints the report either way.  No
 * path is held in a fixed-size buffer: a bundle may be as deep as the file system allows. */
int rc_bundle_run(const rc_bundle_opts *o, rc_run *r, rc_result *res, const char *vec_path)
{
    int bad = 0;
    char *path, *tmp, *fst = NULL, *fst_tmp = NULL;
    int explicit_window = o->all || o->range;
    /* A passing run leaves nothing behind; the directory is made when there is something to
     * put in it (at once when the run itself dumps a window). */
    if (explicit_window && rc_mkdirs(o->dir)) {
        fprintf(stderr, "rcosim %s: cannot create the bundle directory %s: %s\n", o->cmd, o->dir, strerror(errno));
        rc_run_exec(r, res);
        return -1;
    }
    /* Files are opened by the path as given (relative to the working directory, which may be
     * deeper than PATH_MAX); the absolute name is only shown (wave.gtkw, the 'bundle:' line). */
    if (asprintf(&fst, "%s/wave.fst", o->dir) < 0)
        fst = NULL;
    /* The dump goes to a temporary name, renamed when the run that writes it is over. */
    fst_tmp = fst ? rc_tmp_name(fst) : NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    r->report = mem;
    uint64_t from = 0, to = 0;
    if (o->range)
        rc_wave_range_parse(o->range, &from, &to);
    else if (o->all)
        to = UINT64_MAX;
    const rc_side_ops *wave_side = NULL;
    char werr[PATH_MAX + 400];
    if (explicit_window && !(wave_side = rc_wave_side(r->blk, werr, sizeof werr))) {
        fprintf(stderr, "rcosim %s: --wave: %s\n", o->cmd, werr);
        rc_run_exec(r, res);
        free(fst);
        free(fst_tmp);
        return -1;
    }
    if (explicit_window) {
        /* The asked-for window is dumped by the run itself. */
        r->wave = 1;
        r->wave_path = fst_tmp ? fst_tmp : "";
        r->wave_from = from;
        r->wave_to = to;
        r->sides[0] = wave_side;
        if (fst_tmp)
            rc_tmp_register(fst_tmp);
        rc_run_exec(r, res);
        if (fst_tmp && rc_tmp_commit(fst_tmp, fst)) {
            fprintf(stderr, "rcosim %s: cannot write %s: %s\n", o->cmd, fst, strerror(errno));
            bad = 1;
        }
        r->sides[0] = r->blk->rtl;
        r->wave = 0;
    } else {
        rc_run_exec(r, res);
    }
    fflush(mem);
    fputs(text ? text : "", stdout);
    r->report = stdout;
    if ((res->status == RC_PASS && !explicit_window) || res->status == RC_ERROR) {
        fclose(mem);
        free(text);
        free(fst);
        free(fst_tmp);
        return bad ? -1 : 0;
    }
    if (rc_mkdirs(o->dir)) {
        fprintf(stderr, "rcosim %s: cannot create the bundle directory %s: %s\n", o->cmd, o->dir, strerror(errno));
        fclose(mem);
        free(text);
        free(fst);
        free(fst_tmp);
        return -1;
    }
    const char *dir = o->dir;
    char *absdir = abs_dir(o->dir), *fst_abs = NULL;
    free(fst_tmp);                    /* again, now that the directory exists: stale ones go */
    fst_tmp = fst ? rc_tmp_name(fst) : NULL;
    if (!absdir || asprintf(&fst_abs, "%s/wave.fst", absdir) < 0)
        fst_abs = NULL;
    FILE *f = bundle_file(dir, "report.txt", &path, &tmp);
    if (f)
        fputs(text ? text : "", f);
    bad |= bundle_close(f, path, tmp, 0);
    fclose(mem);
    free(text);
    if (!explicit_window && !(wave_side = rc_wave_side(r->blk, werr, sizeof werr))) {
        fprintf(stderr, "rcosim %s: --wave: no waveform: %s\n", o->cmd, werr);
        bad = 1;
    } else if (!explicit_window) {
        rc_wave_window(res->first_cycle, o->before, o->after, &from, &to);
        rc_run w = *r;
        rc_result wres;
        w.sides[0] = wave_side;
        w.wave = 1;
        w.wave_vector = res->first.have_fields && !strcmp(res->first.exp_label, "vector");
        w.wave_path = fst_tmp ? fst_tmp : "";
        w.wave_from = from;
        w.wave_to = to;
        w.wave_stop = 1;
        w.max_mismatches = UINT32_MAX;
        w.report = NULL;
        w.png_dir = NULL;             /* the pictures are the whole run's, written by it */
        if (fst_tmp)
            rc_tmp_register(fst_tmp);
        rc_run_exec(&w, &wres);
        if (fst_tmp && rc_tmp_commit(fst_tmp, fst)) {
            fprintf(stderr, "rcosim %s: cannot write %s: %s\n", o->cmd, fst, strerror(errno));
            bad = 1;
        }
        if (to > wres.cycles)
            to = wres.cycles;
    } else if (to > res->cycles) {
        to = res->cycles;
    }
    if ((f = bundle_file(dir, "wave.gtkw", &path, &tmp)))
        rc_wave_write_gtkw(f, r->blk, res, fst_abs ? fst_abs : "wave.fst", from, to);
    bad |= bundle_close(f, path, tmp, 0);
    char *vcopy = NULL;
    if (vec_path) {
        const char *gz = strlen(vec_path) > 3 && !strcmp(vec_path + strlen(vec_path) - 3, ".gz") ? ".gz" : "";
        if (asprintf(&vcopy, "%s/vector.vec%s", dir, gz) < 0)
            vcopy = NULL;
        if (!vcopy || copy_file(vec_path, vcopy)) {
            fprintf(stderr, "rcosim %s: cannot copy %s into the bundle\n", o->cmd, vec_path);
            free(vcopy);
            vcopy = NULL;
            bad = 1;
        }
    }
    if ((f = bundle_file(dir, "report.json", &path, &tmp)))
        rc_wave_write_json(f, r->blk, r, res, vcopy ? strrchr(vcopy, '/') + 1 : "", "wave.fst", from, to);
    bad |= bundle_close(f, path, tmp, 0);
    if ((f = bundle_file(dir, "repro.sh", &path, &tmp))) {
        char *self = realpath("/proc/self/exe", NULL);
        /* The repro line with this binary and the bundle's own copy of the vector. */
        const char *rest = strstr(r->repro, " --block ");
        char *line = strdup(rest ? rest : "");
        char *v = line && vec_path && vcopy ? strstr(line, " --vector ") : NULL;
        if (v) {
            char *end = strchr(v + 10, ' ');
            *v = 0;
            fprintf(f, "#!/bin/sh\n# Reruns exactly this case; extra options (e.g. --wave DIR) are passed on.\n"
                       "here=$(cd \"$(dirname \"$0\")\" && pwd)\nexec \"%s\" %s%s --vector \"$here/%s\"%s \"$@\"\n",
                    self ? self : "rcosim", o->cmd, line, strrchr(vcopy, '/') + 1, end ? end : "");
        } else {
            fprintf(f, "#!/bin/sh\n# Reruns exactly this case; extra options (e.g. --wave DIR) are passed on.\n"
                       "here=$(cd \"$(dirname \"$0\")\" && pwd)\nexec \"%s\" %s%s \"$@\"\n",
                    self ? self : "rcosim", o->cmd, line ? line : "");
        }
        free(line);
        free(self);
    }
    bad |= bundle_close(f, path, tmp, 0755);
    /* The failure's pictures in the bundle too, as --png writes them (each side's surfaces, the
     * vector's when it is the expected side, the difference: rc_images.c): from a re-run to the
     * same stop (the run is deterministic), only for a block that draws pictures. */
    if (!explicit_window && res->status != RC_PASS && res->status != RC_ERROR && r->blk->images && r->blk->nmem) {
        rc_run p = *r;
        rc_result pres;
        p.report = NULL;
        p.record = NULL;
        p.trace_channels = 0;
        p.png_dir = dir;
        rc_run_exec(&p, &pres);
        if (pres.output_error[0]) {
            fprintf(stderr, "rcosim %s: cannot write the bundle's picture %s\n", o->cmd, pres.output_error);
            bad = 1;
        }
    }
    printf("bundle: %s (wave.fst cycles %" PRIu64 "..%" PRIu64 "; open with: rcosim wave %s)\n",
           absdir ? absdir : dir, from, to, o->dir);
    free(vcopy);
    free(fst);
    free(fst_tmp);
    free(fst_abs);
    free(absdir);
    return bad ? -1 : 0;
}
