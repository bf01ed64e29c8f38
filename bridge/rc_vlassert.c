/*
 * rc_vlassert.c - Verilator's VL_PRINTF for rcosim: keeps the RTL's assertion lines for the
 * engine (rc_vlassert.h).  Compiled into the Verilator runtime library (rcosim_verilated).
 */
#include "rc_vlassert.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local int quiet;           /* shims open on this thread */
static _Thread_local unsigned seen;       /* assertion lines since the last take */
static _Thread_local int stop_next;       /* the runtime's "$stop" line follows an assertion */
static _Thread_local char first[1024];

void rc_vl_assert_quiet(int delta)
{
    quiet += delta;
    if (quiet < 0)
        quiet = 0;
}

unsigned rc_vl_assert_take(char *what, size_t n)
{
    unsigned k = seen;
    if (n)
        snprintf(what, n, "%s", k ? first : "");
    seen = 0;
    first[0] = 0;
    return k;
}

/* "[T] %Error: FILE:LINE: Assertion failed in ...": Verilator's line for a failing $error. */
static int assertion_line(const char *s)
{
    const char *p = s[0] == '[' ? strstr(s, "] %Error: ") : NULL;
    return p && strstr(p, ": Assertion failed in ") != NULL;
}

int rc_vl_printf(const char *fmt, ...)
{
    char buf[1024], *p = buf;
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (len < 0)
        return len;
    if ((size_t)len >= sizeof buf) {
        p = malloc((size_t)len + 1);
        if (!p)
            return -1;
        va_start(ap, fmt);
        vsnprintf(p, (size_t)len + 1, fmt, ap);
        va_end(ap);
    }
    int show = 1;
    if (assertion_line(p)) {
        if (!seen++) {
            const char *t = strstr(p, "] %Error: ") + 2;
            snprintf(first, sizeof first, "%s", t);
            size_t m = strlen(first);
            while (m && (first[m - 1] == '\n' || first[m - 1] == '\r'))
                first[--m] = 0;
        }
        stop_next = 1;
        show = !quiet;
    } else if (stop_next && strstr(p, "Verilog $stop")) {
        stop_next = 0;
        show = !quiet;
    }
    if (show)
        fputs(p, stdout);
    if (p != buf)
        free(p);
    return len;
}
