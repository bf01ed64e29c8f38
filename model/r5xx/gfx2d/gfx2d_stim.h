/*
 * gfx2d_stim.h - r5xx.gfx2d's public face for the composites that contain it (r5xx.pm4_2d,
 * r5xx.gpu): its block description, its pictures, and its random packets as PM4 (gfx2d_stim.c).
 */
#ifndef GFX2D_STIM_H
#define GFX2D_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "rc_mem.h"
#include "rc_vector.h"

extern const rc_block_desc r5xx_gfx2d_block;

int r5xx_gfx2d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                      size_t errn);

/* 2D packet i of the gfx2d vector v as a PM4 Type-3 packet, its body the beats from *bi on (*bi
 * is left past them): the header, then the body (a NOP: one zero dword), each dword through
 * put(ctx, dword); returns 1.  A register-only packet (type 0) puts nothing and returns 0: the
 * caller writes its own stand-in. */
int r5xx_gfx2d_pm4(const rc_vector *v, size_t i, size_t *bi, void (*put)(void *ctx, uint32_t d), void *ctx);

#endif
