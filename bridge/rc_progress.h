/* rc_progress.h - the progress line of a single run on a terminal (docs/debugging.md). */
#ifndef RC_PROGRESS_H
#define RC_PROGRESS_H

typedef struct rc_progress rc_progress;

/* Starts the progress line of a run described by 'what' (copied): nothing is printed unless
 * stderr is a terminal and the run lasts longer than 2 s; then one line on stderr, rewritten
 * every second with the seconds elapsed.  NULL (no line) when not a terminal or on failure. */
rc_progress *rc_progress_start(const char *what);

/* Ends it: the line, if one was shown, is erased so the report follows on a clean line. */
void rc_progress_stop(rc_progress *p);

#endif
