/*
 * rc_waveplug.h - the waveform variant of a block (its RTL inside the generated waveform wrapper,
 * traced), found when a failure needs it: linked into the binary, or a plugin built on demand.
 */
#ifndef RC_WAVEPLUG_H
#define RC_WAVEPLUG_H

#include <stddef.h>

#include "rc_block.h"

/* The block's waveform side: b->wave when the binary links it, else the plugin
 * <dir of the executable>/wave/rcosim_wave_<id>.so, brought up to date first when the executable
 * sits in its build directory (`cmake --build` of target <id>_wave, one build at a time, its
 * output in wave/<id>.log).  NULL with a message in err when there is none. */
const rc_side_ops *rc_wave_side(const rc_block_desc *b, char *err, size_t errn);

#endif
