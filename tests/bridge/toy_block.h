/*
 * toy_block.h - a tiny block for testing the engine without any RTL: an in channel 'a'
 * (x:8, y:8) and an out channel 'q' (sum:9, tag:4?en, en:1) with a 1-entry output register;
 * a memory port 'mem'.  Two C "sides" implement it: a correct one and one with a chosen bug.
 */
#ifndef TOY_BLOCK_H
#define TOY_BLOCK_H
#include "rc_block.h"
extern const rc_block_desc toy_block;
extern const rc_side_ops toy_good_ops;
extern const rc_side_ops toy_bad_ops;    /* differs per 'toy_bug' */
extern int toy_bug;                      /* 0 none, 1 sum off by one on the 3rd output, 2 never ready, 3 late by a cycle */
#endif
