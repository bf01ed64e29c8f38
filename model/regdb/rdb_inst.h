/*
 * rdb_inst.h - decode a Sea Islands (GCN 1.1) instruction word with the register database: the
 * instruction formats are the SQ_* pseudo-registers at 0x8DFC of the si family (seed 002 chapter 4),
 * each with an ENCODING field whose one documented value identifies the format, and an OP field
 * whose value list names the opcodes (repaired against AMD's gfx_7_2_enum.h, docs/regdb.md).
 * Nothing here is specific to the opcodes: a format, its second dword and its opcode name all come
 * from the tables.
 */
#ifndef RCOSIM_RDB_INST_H
#define RCOSIM_RDB_INST_H

#include <stdint.h>

#include "regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rdb_inst {
    const rdb_reg *fmt;         /* format of the first dword: SQ_SOP1, SQ_VOP3_0_SDST_ENC, ... */
    const rdb_reg *word1;       /* layout of the second dword (SQ_VOP3_1, SQ_MUBUF_1, ...) or NULL */
    int literal;                /* 1: a 32-bit literal constant follows the first dword */
    uint32_t op;                /* the OP field */
    const char *op_name;        /* "SQ_S_MOV_B32", NULL if the opcode is not documented */
    const rdb_reg *op_list;     /* the format whose OP list named it (a VOP3 op may be VOPC/VOP2/VOP1's) */
    uint32_t op_in_list;        /* the opcode in op_list's numbering (VOP3 op minus the format offset) */
    unsigned ndwords;           /* 1 or 2 */
} rdb_inst;

/* Decodes the first dword w0. Returns 0 and fills *out, or -1 if no format matches (or the
 * family has no instruction formats). */
int rdb_inst_decode(const rdb_family *f, uint32_t w0, rdb_inst *out);

#ifdef __cplusplus
}
#endif

#endif /* RCOSIM_RDB_INST_H */
