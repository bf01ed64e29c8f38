/*
 * rc_args.h - the argument discipline of the command line: numbers parsed with range and
 * overflow checks (no wrap-around, no sign), output directories checked before work starts,
 * and output files written under a recognisable temporary name then renamed into place.
 */
#ifndef RC_ARGS_H
#define RC_ARGS_H

#include <stddef.h>
#include <stdint.h>

/* A decimal (or 0x hex) number in [min, max]: no sign, no space, no overflow.  0 or -1. */
int rc_parse_u64_range(const char *s, uint64_t min, uint64_t max, uint64_t *out);
int rc_parse_uint_range(const char *s, unsigned min, unsigned max, unsigned *out);

/* DIR is usable as an output directory: it is a writable directory, or it does not exist and
 * its nearest existing ancestor is a writable directory.  0, or -1 with why in err. */
int rc_check_out_dir(const char *dir, char *err, size_t errn);

/* PATH is usable as an output file: not a directory, shorter than PATH_MAX, and its directory
 * exists and is writable.  0, or -1 with why in err (which should hold 2 * strlen(path) + 200). */
int rc_check_out_file(const char *path, char *err, size_t errn);

/* Creates directory PATH and its missing ancestors (mode 0777 before the umask).  0 or -1. */
int rc_mkdirs(const char *path);

/* The temporary name of an output: PATH.rcosim-tmp.PID (malloc'd).  Stale temporaries of
 * PATH left by killed runs (their process is gone) are removed first. */
char *rc_tmp_name(const char *path);
/* Remembers (or, with NULL, forgets) the temporary file the process is writing, so a
 * SIGINT/SIGTERM/SIGHUP removes it before the process dies. */
void rc_tmp_register(const char *tmp);
/* Installs the signal handlers (once). */
void rc_tmp_install_handlers(void);
/* Renames tmp to path (and forgets it); on failure removes tmp.  0 or -1 (errno set). */
int rc_tmp_commit(const char *tmp, const char *path);
/* Removes tmp and forgets it. */
void rc_tmp_abort(const char *tmp);

#endif
