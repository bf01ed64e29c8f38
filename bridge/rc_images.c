/*
 * rc_images.c - --png: each side's final surfaces (rc_block_desc.images) written as pictures,
 * and a picture of where the two sides' pictures differ (at a mismatch on a memory write, with
 * each side's own write of it: pending_writes).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
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

/* The vector's pictures: its memory preload with every write the vector expects up to and
 * including the cycle the run stopped at (the first mismatch's: so the expected write that
 * differs is in it, where the sides' memories hold only what fired before that cycle), through
 * the block's images function.  Returns how many, or -1. */
static int vector_images(eng *e, rc_image *out, int max, char *err, size_t errn)
{
    const rc_block_desc *b = e->b;
    const rc_vector *v = e->r->vec;
    rc_memimg mems[MAX_MEM];
    unsigned nm = b->nmem < MAX_MEM ? b->nmem : MAX_MEM;
    for (unsigned m = 0; m < nm; m++) {
        rc_memimg_init(&mems[m]);
        for (size_t i = 0; i < v->nmem; i++)
            for (size_t w = 0; w < v->mem[i].nwords; w++)
                rc_memimg_write(&mems[m], v->mem[i].addr + 4 * (uint32_t)w, 4, v->mem[i].words[w], 0xF);
        const rc_memport *mp = &b->mem[m];
        if (mp->f_we < 0 || mp->f_wdata < 0)
            continue;
        const rc_txlist *l = &v->out[mp->req];
        unsigned bytes = mp->data_bytes;
        for (size_t t = 0; t < l->n && l->cycle[t] <= e->cycle; t++) {
            const uint64_t *x = &l->vals[t * l->nf];
            if (!x[mp->f_we])
                continue;
            uint32_t addr = (uint32_t)x[mp->f_addr] & ~(uint32_t)(bytes - 1);
            rc_memimg_write(&mems[m], addr, bytes, x[mp->f_wdata], mp->f_be >= 0 ? x[mp->f_be] : ~0ull);
        }
    }
    int n = b->images(v, mems, out, max, err, errn);
    for (unsigned m = 0; m < nm; m++)
        rc_memimg_free(&mems[m]);
    return n;
}

/* A write of the first mismatch, put into one side's memory for its pictures and taken out again. */
typedef struct pending_write {
    rc_memimg *img;
    uint32_t addr;
    unsigned bytes;
    uint64_t old;
} pending_write;

/* A lockstep mismatch between the two sides (model against RTL, no vector in between) on a
 * memory write: the run stops at the transaction that differs, before either side's write of it
 * reaches its memory, so the two sides' pictures would be the same.  Each side's own write of that
 * transaction goes into its memory for the pictures (undone by undo_writes): the pictures then
 * differ where the writes do, as a vector's pictures hold the write it expects (vector_images).
 * Returns how many writes were made (0 or 2). */
static int pending_writes(eng *e, pending_write pw[2])
{
    const rc_first *f = &e->res->first;
    if (e->ns != 2 || e->shared_mem || !e->res->mismatches || !f->have_fields || f->channel < 0 ||
        !f->exp_valid || !f->act_valid)
        return 0;
    for (unsigned m = 0; m < e->b->nmem && m < MAX_MEM; m++) {
        const rc_memport *mp = &e->b->mem[m];
        if (mp->req != f->channel || mp->f_we < 0 || mp->f_wdata < 0)
            continue;
        /* both sides' transactions: the expected one is a side's, not the vector's */
        const uint64_t *xs[2];
        for (int k = 0; k < 2; k++) {
            xs[k] = !strcmp(e->s[k].label, f->exp_label) ? f->exp : !strcmp(e->s[k].label, f->act_label) ? f->act : NULL;
            if (!xs[k])
                return 0;
        }
        int n = 0;
        for (int k = 0; k < 2; k++) {
            const uint64_t *x = xs[k];
            if (!x[mp->f_we])
                continue;
            pending_write *w = &pw[n++];
            w->img = &e->s[k].mem[m].img;
            w->bytes = mp->data_bytes;
            w->addr = (uint32_t)x[mp->f_addr] & ~(uint32_t)(w->bytes - 1);
            w->old = rc_memimg_read(w->img, w->addr, w->bytes);
            rc_memimg_write(w->img, w->addr, w->bytes, x[mp->f_wdata], mp->f_be >= 0 ? x[mp->f_be] : ~0ull);
        }
        if (n)
            eng_out(e, "png: the pictures hold each side's own write of %s #%" PRIu64 " (the first mismatch)\n",
                    e->b->channels[f->channel].name, f->txn);
        return n;
    }
    return 0;
}

static void undo_writes(pending_write *pw, int n)
{
    while (n-- > 0)
        rc_memimg_write(pw[n].img, pw[n].addr, pw[n].bytes, pw[n].old, ~0ull);
}

/* --png: each side's final surfaces as PNG, and where the two sides' pictures differ; when the
 * vector is the expected side of the first mismatch, its pictures too (NAME.vector.png) and,
 * where the sides agree, where the vector's and the actual side's differ (NAME.diff.png). */
void eng_write_images(eng *e)
{
    enum { MAXIMG = 8 };
    rc_image img[2][MAXIMG];
    int n[2] = { 0, 0 };
    char err[512];
    pending_write pw[2];
    int npw = pending_writes(e, pw);
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
    undo_writes(pw, npw);
    int differ[MAXIMG] = { 0 };
    if (e->ns == 2) {
        for (int i = 0; i < n[0] && i < n[1]; i++) {
            rc_image d;
            long nd = rc_png_diff(&img[0][i], &img[1][i], &d);
            if (nd > 0) {
                write_image(e, &d, NULL);
                eng_out(e, "png: %s: %ld pixels differ between %s and %s (%s/%s.png)\n", img[0][i].name, nd,
                    e->s[1].label, e->s[0].label, e->r->png_dir, d.name);
                e->res->png_diff_pixels += nd;
                differ[i] = 1;
            }
            if (nd >= 0)
                free(d.rgba);
        }
    }
    const rc_first *f = &e->res->first;
    if (e->r->vec && e->r->check_expected && e->res->mismatches && f->have_fields && !strcmp(f->exp_label, "vector")) {
        rc_image vimg[MAXIMG];
        int nv = vector_images(e, vimg, MAXIMG, err, sizeof err);
        if (nv < 0)
            eng_out(e, "png: the vector's pictures: %s\n", err);
        for (int i = 0; i < nv; i++) {
            write_image(e, &vimg[i], "vector");
            rc_image d;
            long nd = i < n[0] && !differ[i] ? rc_png_diff(&vimg[i], &img[0][i], &d) : -1;
            if (nd > 0) {
                write_image(e, &d, NULL);
                eng_out(e, "png: %s: %ld pixels differ between the vector and %s (%s/%s.png)\n", vimg[i].name, nd,
                        e->s[0].label, e->r->png_dir, d.name);
            }
            if (nd >= 0)
                free(d.rgba);
            free(vimg[i].rgba);
        }
    }
    for (int k = 0; k < e->ns; k++)
        for (int i = 0; i < n[k]; i++)
            free(img[k][i].rgba);
}
