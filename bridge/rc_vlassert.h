/*
 * rc_vlassert.h - the Verilated RTL's assertion failures, caught for the engine (issue 29).
 *
 * The RTL's assertion sections end in `$error("%m: ASSERT Name: what")` (docs/hardening.md "RTL
 * assertions").  Verilator 5.006 prints such a failure through VL_PRINTF as one line,
 * "[T] %Error: FILE:LINE: Assertion failed in INSTANCE: ...", raises the context's error count
 * and prints "%Error: FILE:LINE: Verilog $stop".  The runtime library rcosim_verilated is
 * compiled with VL_PRINTF=rc_vl_printf (cmake/rcosim.cmake), so every line the runtime prints
 * passes here: an assertion line is kept (the first since the last take) and, while a generated
 * shim is open (rc_vl_assert_quiet), neither it nor its "$stop" line is printed: the engine
 * reports it (rc_report.c).  Everything else goes to stdout as printf would.  Per thread.
 */
#ifndef RC_VLASSERT_H
#define RC_VLASSERT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Verilator's VL_PRINTF. */
int rc_vl_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* +1 when a generated shim opens a side, -1 when it closes it: while above 0 the assertion
 * lines are kept, not printed. */
void rc_vl_assert_quiet(int delta);
/* The first assertion line kept since the last take ("%Error: FILE:LINE: Assertion failed in
 * INSTANCE: TEXT", no time, no newline) into what (n bytes); returns how many assertion lines
 * were seen since the last take (0: none, what = "") and forgets them. */
unsigned rc_vl_assert_take(char *what, size_t n);

#ifdef __cplusplus
}
#endif
#endif
