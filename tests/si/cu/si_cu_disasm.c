/*
 * si_cu_disasm.c - the disassembly of si.cu's instructions on the command line, from the C
 * model's cu_disasm (model/si/cu/cu_disasm.c):
 *   si_cu_disasm W0 [W1]     one instruction (hex dwords): its text
 *   si_cu_disasm --report    an rcosim report on stdin: the wave, PC and decoded instruction of
 *                            the first divergence (a retire record), or of the last instruction
 *                            both sides retired before it (any other channel)
 * Used by tests/si/cu/cu_test.py (isa_llvm against llvm-mc, the fault-injection cases).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu_isa.h"

static unsigned long field(const char *line, const char *name)
{
    const char *p = strstr(line, name);
    return p ? strtoul(p + strlen(name), NULL, 16) : 0;
}

static int report(void)
{
    char line[4096];
    int in_retire = 0, have = 0, mism = 0;
    unsigned long wave = 0, pc = 0, inst = 0, lit = 0;
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "MISMATCH", 8) == 0) {
            mism = 1;
            in_retire = strstr(line, "channel retire (out)") != NULL;
            continue;
        }
        if (in_retire) {
            char name[16];
            unsigned long v;
            if (sscanf(line, " %*[*] %15s %lx", name, &v) == 2 || sscanf(line, " %15s %lx", name, &v) == 2) {
                if (!strcmp(name, "wave")) wave = v;
                else if (!strcmp(name, "pc")) pc = v;
                else if (!strcmp(name, "inst")) inst = v;
                else if (!strcmp(name, "lit")) { lit = v; have = 2; in_retire = 0; }
            }
            continue;
        }
        if (mism && have != 2 && strstr(line, " retire ") && strstr(line, "wave=")) {
            wave = field(line, "wave=");
            pc = field(line, "pc=");
            inst = field(line, "inst=");
            lit = field(line, "lit=");
            have = 1;
        }
    }
    if (!have) {
        printf("si.cu: no retire record in the report\n");
        return 1;
    }
    char buf[160];
    cu_disasm((uint32_t)inst, (uint32_t)lit, buf, sizeof buf);
    printf("si.cu: %s wave %lu, pc 0x%08lx: %s\n",
           have == 2 ? "first divergence at" : "divergence after the last instruction both retired,",
           wave, pc, buf);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--report"))
        return report();
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: si_cu_disasm W0 [W1] | --report\n");
        return 2;
    }
    uint32_t w0 = (uint32_t)strtoul(argv[1], NULL, 16), w1 = argc == 3 ? (uint32_t)strtoul(argv[2], NULL, 16) : 0;
    char buf[160];
    cu_disasm(w0, w1, buf, sizeof buf);
    printf("%s\n", buf);
    return 0;
}
