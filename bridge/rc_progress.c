/* rc_progress.c - the progress line of a single run on a terminal: a thread that waits 2 s and
 * then rewrites one stderr line every second ("rcosim: run r5xx.cp x.vec: 7 s") until the run
 * ends; erased at the end.  Silent when stderr is not a terminal (logs, CI, the regression
 * runner), so no output that is read by programs changes.  It shows elapsed time only: the
 * run's hot loop (the blocks' generated loops included) is not touched to publish its cycle. */
#define _GNU_SOURCE
#include "rc_progress.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct rc_progress {
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int done;
    int shown;
    char what[200];
};

static void *progress_main(void *arg)
{
    rc_progress *p = arg;
    struct timespec t0, until;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pthread_mutex_lock(&p->mu);
    for (long s = 2; !p->done; s++) {
        until = t0;
        until.tv_sec += s;
        while (!p->done) {
            int rc = pthread_cond_timedwait(&p->cv, &p->mu, &until);
            if (rc == ETIMEDOUT)
                break;
        }
        if (p->done)
            break;
        fprintf(stderr, "\r\033[Krcosim: %s: %ld s", p->what, s);
        fflush(stderr);
        p->shown = 1;
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

rc_progress *rc_progress_start(const char *what)
{
    if (!isatty(STDERR_FILENO))
        return NULL;
    rc_progress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    snprintf(p->what, sizeof p->what, "%s", what);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, &ca);
    pthread_condattr_destroy(&ca);
    if (pthread_create(&p->th, NULL, progress_main, p)) {
        pthread_cond_destroy(&p->cv);
        pthread_mutex_destroy(&p->mu);
        free(p);
        return NULL;
    }
    return p;
}

void rc_progress_stop(rc_progress *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->done = 1;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->th, NULL);
    if (p->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
    free(p);
}
