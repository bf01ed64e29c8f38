/*
 * rc_png.c - PNG output through libpng, and difference images.
 */
#include "rc_png.h"
#include "rc_args.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A write failed (errno why): the message "PATH: WHAT: reason", the temporary file gone, errno
 * why, -1. */
static int write_failed(const char *path, char *tmp, const char *what, int why, char *err, size_t errn)
{
    snprintf(err, errn, "%s: %s: %s", path, what, strerror(why));
    rc_tmp_abort(tmp);
    free(tmp);
    errno = why;
    return -1;
}

int rc_png_write(const char *path, const rc_image *img, char *err, size_t errn)
{
    /* Written under a temporary name and renamed when whole: a reader never sees a part. */
    char *tmp = rc_tmp_name(path);
    if (!tmp) {
        snprintf(err, errn, "%s: out of memory", path);
        return -1;
    }
    rc_tmp_register(tmp);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return write_failed(path, tmp, "cannot write", errno, err, errn);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_bytep *rows = calloc(img->h ? img->h : 1, sizeof *rows);
    if (!png || !info || !rows || setjmp(png_jmpbuf(png))) {
        snprintf(err, errn, "%s: libpng failed", path);
        png_destroy_write_struct(&png, &info);
        free(rows);
        fclose(f);
        rc_tmp_abort(tmp);
        free(tmp);
        errno = EIO;
        return -1;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, img->w, img->h, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    /* No time chunk: the same pixels give the same bytes. */
    png_write_info(png, info);
    for (unsigned y = 0; y < img->h; y++)
        rows[y] = img->rgba + (size_t)y * img->w * 4;
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    if (fclose(f))
        return write_failed(path, tmp, "write failed", errno, err, errn);
    if (rc_tmp_commit(tmp, path)) {
        int why = errno;
        snprintf(err, errn, "%s: cannot rename into place: %s", path, strerror(why));
        free(tmp);
        errno = why;
        return -1;
    }
    free(tmp);
    return 0;
}

long rc_png_diff(const rc_image *a, const rc_image *b, rc_image *out)
{
    if (a->w != b->w || a->h != b->h)
        return -1;
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%.26s.diff", a->name);
    out->w = a->w;
    out->h = a->h;
    size_t n = (size_t)a->w * a->h;
    out->rgba = malloc(n * 4 + 1);
    if (!out->rgba)
        return -1;
    long diff = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = a->rgba + 4 * i, *q = b->rgba + 4 * i;
        uint8_t *o = out->rgba + 4 * i;
        if (memcmp(p, q, 4)) {
            o[0] = 255, o[1] = 0, o[2] = 0, o[3] = 255;
            diff++;
        } else {
            uint8_t g = (uint8_t)((p[0] * 77 + p[1] * 150 + p[2] * 29) >> 10);
            o[0] = o[1] = o[2] = g, o[3] = 255;
        }
    }
    return diff;
}
