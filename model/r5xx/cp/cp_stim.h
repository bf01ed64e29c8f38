/*
 * cp_stim.h - what r5xx.cp's stimulus side offers the composites that contain it (r5xx.pm4_2d,
 * r5xx.gpu): where a host stream puts the ring.
 */
#ifndef R5XX_CP_STIM_H
#define R5XX_CP_STIM_H

#include <stdint.h>

#include "rc_vector.h"

/* The ring a host stream starts: the values of CP_RB_BASE (dword aligned) and of the last
 * CP_RB_WPTR (23 bits) among the (address, data) writes of the host channel h; 0 if unwritten. */
void r5xx_cp_ring_of(const rc_txlist *h, uint32_t *base, uint32_t *wptr);

#endif
