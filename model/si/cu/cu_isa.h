/*
 * cu_isa.h - the Sea Islands (GCN 1.1) instruction subset of si.cu: decoding into fields, the
 * per-opcode attributes, the scalar ALU, the per-lane vector ALU and the disassembly used in
 * reports.  Pure functions: no state of the compute unit lives here.  The definitions (opcode
 * numbers, field layouts, every semantic decision) are those of docs/blocks/si.cu.md.
 */
#ifndef CU_ISA_H
#define CU_ISA_H

#include <stddef.h>
#include <stdint.h>

enum {
    CU_F_SOP2, CU_F_SOPK, CU_F_SOP1, CU_F_SOPC, CU_F_SOPP, CU_F_SMRD,
    CU_F_VOP2, CU_F_VOP1, CU_F_VOPC, CU_F_VOP3, CU_F_MUBUF, CU_F_OTHER, CU_F_DS, CU_F_MTBUF
};

#define CU_NVGPR 32          /* VGPRs per lane */
#define CU_NSGPR 104         /* s0-s103 */
#define CU_DST_NONE 0x3FFu
#define CU_NSLOT 8           /* wave slots: a work-group of at most 8 waves */
#define CU_LDS_DW 4096       /* LDS dwords (16 KB) */

/* One decoded instruction (the first dword; w1 is the second dword or literal). */
typedef struct cu_inst {
    unsigned fmt;
    unsigned op;             /* SALU/SMRD/MUBUF: the format's op; VALU: the VOP3 number (vop) */
    int two;                 /* a second dword (VOP3, MUBUF) or a literal follows */
    /* SALU */
    unsigned sdst, ssrc0, ssrc1, simm16;
    /* VALU, in VOP3 terms: 9-bit source codes (256+n = VGPR n, 255 literal) */
    unsigned vdst, src0, src1, src2, abs, neg, clamp, omod, sdst3, e64;
    /* SMRD */
    unsigned sbase, imm, soff;
    /* MUBUF */
    unsigned moff, offen, idxen, addr64, lds, vaddr, vdata, srsrc, tfe, msoff;
    /* MTBUF (the MUBUF fields above, and) */
    unsigned dfmt, nfmt;
    /* DS */
    unsigned dsoff, gds, daddr, ddata0, ddata1, dvdst;
} cu_inst;

/* VALU opcode attributes (vop: the VOP3 opcode number). */
enum {
    CU_A_OK = 1u << 0,       /* built */
    CU_A_NS2 = 1u << 1,      /* reads src1 */
    CU_A_NS3 = 1u << 2,      /* reads src2 (as a lane value) */
    CU_A_FLT = 1u << 3,      /* float inputs: VOP3 abs/neg apply */
    CU_A_S064 = 1u << 4,     /* src0 is 64-bit */
    CU_A_D64 = 1u << 5,      /* 64-bit VGPR result */
    CU_A_WV = 1u << 6,       /* writes vdst */
    CU_A_CMP = 1u << 7,      /* VOPC: writes a lane mask to VCC / sdst */
    CU_A_CMPX = 1u << 8,     /* VOPC ...X: the mask also to EXEC */
    CU_A_CO = 1u << 9,       /* carry/borrow out mask to VCC / VOP3b sdst */
    CU_A_MSK = 1u << 10,     /* reads a lane mask: VCC (VOP2) or the src2 pair (VOP3) */
    CU_A_VOP2ONLY = 1u << 11,/* madmk/madak, readfirstlane: no VOP3 form */
    CU_A_RFL = 1u << 12      /* v_readfirstlane_b32: src0 of the first active lane to SGPR vdst */
};

unsigned cu_vop_attr(unsigned vop);
void cu_decode(uint32_t w0, cu_inst *d);
/* With the second dword (VOP3 and MUBUF word 1). */
void cu_decode2(uint32_t w0, uint32_t w1, cu_inst *d);
unsigned cu_inst_dwords(const cu_inst *d);   /* 1 or 2 */

/* Constant operand codes 128-254 (scalar operand table, seaislands.md 2.9): 32 and 64 bits;
 * returns 0 if the code is not a constant. */
int cu_const32(unsigned code, uint32_t *v);
int cu_const64(unsigned code, uint64_t *v);

/* binary32 arithmetic with the FP32 denormal mode (fin: flush inputs, fout: flush results). */
uint32_t cu_fadd(uint32_t a, uint32_t b, int fin, int fout);
uint32_t cu_fmul(uint32_t a, uint32_t b, int fin, int fout);

/* Scalar ALU: SOP2/SOPK/SOP1/SOPC.  s0/s1 are the 64-bit source values (for SOPK: s0 = the
 * SDST register's old value, s1 = SIMM16).  Returns 0 if the op is not built. */
typedef struct cu_salu_out {
    uint64_t d;
    int wd, d64;             /* a destination is written, 64-bit */
    int scc, wscc;           /* new SCC, SCC written */
    uint64_t exec;
    int wexec;
} cu_salu_out;
int cu_salu(unsigned fmt, unsigned op, uint64_t s0, uint64_t s1, int scc, uint64_t exec,
            cu_salu_out *o);
/* Which scalar sources an op reads and at what width: bit0 ssrc0, bit1 ssrc1, bit2 64-bit
 * ssrc0, bit3 64-bit ssrc1; 0 if not built. */
unsigned cu_salu_srcs(unsigned fmt, unsigned op);

/* DS atomic ops 0-11 (and their _RTN forms 32-43): the new LDS value from the old one and DATA0. */
uint32_t cu_ds_atomic(unsigned op, uint32_t old, uint32_t d);
/* MUBUF ops: 1 if built; a load (writes VDATA), a store, the atomic; the access width in bytes
 * (below a dword), sign extension; cu_mubuf_dwords: the dwords per lane (1, or 2-4 for x2/x3/x4). */
int cu_mubuf_op(unsigned op, int *load, int *store, int *atomic, unsigned *bytes, int *sext);
unsigned cu_mubuf_dwords(unsigned op);
/* MTBUF (docs/blocks/si.cu.md, "Typed buffer memory"): the format's components nc and their
 * width w (8, 16, 32 bits); 0 if DFMT/NFMT is not built (for a store: NFMT uint, sint or float). */
int cu_tbuf_fmt(unsigned dfmt, unsigned nfmt, int store, unsigned *nc, unsigned *w);
/* The element's bytes (1, 2, 4, 8, 12, 16). */
unsigned cu_tbuf_bytes(unsigned dfmt);
/* A load's component c (0-3) from the element's raw bits (el[0..3], little-endian dwords). */
uint32_t cu_tbuf_load_comp(unsigned dfmt, unsigned nfmt, unsigned c, const uint32_t el[4]);

/* Vector ALU on one lane.  a, b, c: source values after modifiers (64-bit for S064 src0);
 * m: the lane's mask bit (VCC or src2 pair); k: the literal of madmk/madak.  Returns the
 * 64-bit result (lo only for 32-bit ops) and the lane's mask bit (compare result / carry). */
uint64_t cu_valu_lane(unsigned vop, uint64_t a, uint32_t b, uint32_t c, int m, uint32_t k,
                      int fin, int fout, int *bit);

/* Disassembly in llvm-mc syntax (close to it: operand order and names). */
void cu_disasm(uint32_t w0, uint32_t w1, char *buf, size_t n);

#endif
