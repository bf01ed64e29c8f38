/*
 * rc_policy.h - output back-pressure policies: the text form a vector header and the command
 * line use, and its parsed form.  The per-cycle draws are the engine's (rc_policy.c).
 */
#ifndef RC_POLICY_H
#define RC_POLICY_H

typedef enum rc_bp_kind { RC_BP_ALWAYS = 0, RC_BP_RANDOM, RC_BP_BURSTY } rc_bp_kind;

/* Output back-pressure: "always", "random:P" (ready with probability P), or "bursty:N"
 * (ready and not-ready runs, each of a random length 1..N). */
typedef struct rc_policy {
    rc_bp_kind kind;
    double p;
    unsigned burst;
} rc_policy;

/* Returns 0, or -1 when 'text' is none of the forms above (*p is then cleared). */
int rc_policy_parse(const char *text, rc_policy *p);

#endif
