/*
 * rc_session.h - the lockstep engine as a steppable session: both sides of a block (RTL and
 * model) created and reset once, then advanced a few cycles at a time while inputs arrive from
 * outside (a SystemC platform), with the same per-cycle code, comparison and report text as
 * `rcosim run` (it is the engine's own cycle loop, one cycle per call).
 *
 * Inputs are offered by appending to the session's vector (channel, earliest cycle, fields);
 * side 0's outputs are recorded into the same vector, so at any time it is a standard rcosim
 * vector of what the block saw: `rcosim run` / `replay` reproduce it outside the session.
 */
#ifndef RC_SESSION_H
#define RC_SESSION_H

#include <stddef.h>
#include <stdint.h>
#include "rc_engine.h"
#include "rc_mem.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rc_session rc_session;

/* Opens a session from a run template: blk, nsides/sides, seed, bp, lat_min/lat_max, watchdog,
 * history, faults, decode, repro, report are used (mode is exact; vec, record, max_cycles,
 * check_expected, waves and threads are the session's own).  backing[m] (or backing NULL, or
 * backing[m] NULL) serves memory port m; otherwise the harness image, empty at the start.
 * Returns 0, or -1 with a message in err. */
int rc_session_open(const rc_run *tmpl, const rc_membacking *const *backing, rc_session **out,
                    char *err, size_t errn);
/* Offer an input transaction on a vector-fed input channel, from cycle 'earliest' on (an
 * earlier cycle than the current one means "now").  Returns 0 or -1. */
int rc_session_offer(rc_session *s, unsigned channel, uint64_t earliest, const uint64_t *vals);
/* Runs up to n cycles.  Returns 0 while the run goes on, 1 once it stopped (a mismatch or a
 * hang was reported: rc_session_result). */
int rc_session_step(rc_session *s, uint64_t n);
uint64_t rc_session_cycle(const rc_session *s);              /* cycles run so far */
int rc_session_idle(const rc_session *s);                    /* every side done on the last cycle */
size_t rc_session_pending(const rc_session *s, unsigned ch); /* offered, not yet accepted */
/* The vector so far: inputs offered, side 0's outputs (with cycle stamps), and the memory the
 * block read through a backing, as preload (first value read of each word). */
const rc_vector *rc_session_vector(rc_session *s);
/* The same vector without rebuilding the preload (inputs and outputs so far: cheap). */
const rc_vector *rc_session_peek(const rc_session *s);
/* The end of the run: the engine's end checks (counts, final images) if not stopped. */
const rc_result *rc_session_finish(rc_session *s);
const rc_result *rc_session_result(const rc_session *s);
void rc_session_close(rc_session *s);

#ifdef __cplusplus
}
#endif
#endif
