/*
 * rc_png.h - pictures of surfaces: RGBA8 images written as PNG (libpng), and the difference
 * image of two of them.
 */
#ifndef RC_PNG_H
#define RC_PNG_H

#include <stddef.h>
#include "rc_block.h"

/* Write img to path.  Returns 0, or -1 with a message in err. */
int rc_png_write(const char *path, const rc_image *img, char *err, size_t errn);

/* A picture of where a and b (same size) differ: equal pixels as a dim grey of a, differing
 * pixels red.  Returns the number of differing pixels (out->rgba malloc'd), or -1 if the sizes
 * differ. */
long rc_png_diff(const rc_image *a, const rc_image *b, rc_image *out);

#endif
