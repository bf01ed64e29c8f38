/*
 * rc_images.c - --png: each side's final surfaces (rc_block_desc.images) written as pictures,
 * and a picture of where the two sides' pictures differ.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rc_engine_int.h"
#include "rc_png.h"

/* One picture of --png: DIR/NAME.png (NAME with its side label); a failure is reported in the
 * report and the first one kept in res->output_error (the CLI makes it exit status 2).  No
 * fixed-size buffer holds the path. */
static void write_image(eng *e, const rc_image *img, const char *label)
{
    const char *dir = e->r->png_dir, *sep = label ? "." : "";
    label = label ? label : "";
    size_t pn = strlen(dir) + strlen(img->name) + strlen(label) + 8;
    char *path = malloc(pn);
    if (!path) {
        snprintf(e->res->output_error, sizeof e->res->output_error, "%s: out of memory", img->name);
        return;
    }
    snprintf(path, pn, "%s/%s%s%s.png", dir, img->name, sep, label);
    size_t errn = strlen(path) + 128;
    char *err = malloc(errn);
    if (!err || rc_png_write(path, img, err, errn)) {
        int why = errno;
        eng_out(e, "png: %s\n", err ? err : "out of memory");
        if (!e->res->output_error[0]) {
            const char *base = strrchr(path, '/');
            snprintf(e->res->output_error, sizeof e->res->output_error, "%s: %s", base ? base + 1 : path,
                     strerror(why));
        }
    }
    free(err);
    free(path);
}

/* --png: each side's final surfaces as PNG, and where the two sides' pictures differ. */
void eng_write_images(eng *e)
{
    enum { MAXIMG = 8 };
    rc_image img[2][MAXIMG];
    int n[2] = { 0, 0 };
    char err[512];
    for (int k = 0; k < e->ns; k++) {
        /* The block's memory images side by side, in description order (a block with several
         * memory ports, such as r5xx.gfx3d, draws from more than the first). */
        rc_memimg mems[MAX_MEM];
        for (unsigned m = 0; m < e->b->nmem && m < MAX_MEM; m++)
            mems[m] = e->s[e->shared_mem ? 0 : k].mem[m].img;
        n[k] = e->b->images(e->r->vec, mems, img[k], MAXIMG, err, sizeof err);
        if (n[k] < 0) {
            eng_out(e, "png: %s\n", err);
            n[k] = 0;
        }
        for (int i = 0; i < n[k]; i++)
            write_image(e, &img[k][i], e->s[k].label);
    }
    if (e->ns == 2) {
        for (int i = 0; i < n[0] && i < n[1]; i++) {
            rc_image d;
            long nd = rc_png_diff(&img[0][i], &img[1][i], &d);
            if (nd > 0) {
                write_image(e, &d, NULL);
                eng_out(e, "png: %s: %ld pixels differ between %s and %s (%s/%s.png)\n", img[0][i].name, nd,
                    e->s[1].label, e->s[0].label, e->r->png_dir, d.name);
                e->res->png_diff_pixels += nd;
            }
            if (nd >= 0)
                free(d.rgba);
        }
    }
    for (int k = 0; k < e->ns; k++)
        for (int i = 0; i < n[k]; i++)
            free(img[k][i].rgba);
}
