/*
 * rc_mem.c - sparse memory images and the memory agent (see rc_mem.h).
 */
#include "rc_mem.h"
#include "rc_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_SIZE (1u << RC_MEM_PAGE_BITS)
#define DIR_SHIFT (RC_MEM_PAGE_BITS + 10)

void rc_memimg_init(rc_memimg *m)
{
    memset(m, 0, sizeof *m);
}

void rc_memimg_free(rc_memimg *m)
{
    for (size_t d = 0; d < sizeof m->dir / sizeof m->dir[0]; d++) {
        if (!m->dir[d])
            continue;
        for (unsigned p = 0; p < 1024; p++)
            free(m->dir[d][p]);
        free(m->dir[d]);
    }
    memset(m, 0, sizeof *m);
}

static const uint8_t *page_ro(const rc_memimg *m, uint32_t addr)
{
    uint8_t **d = m->dir[addr >> DIR_SHIFT];
    return d ? d[(addr >> RC_MEM_PAGE_BITS) & 1023] : NULL;
}

static uint8_t *page_rw(rc_memimg *m, uint32_t addr)
{
    uint8_t ***d = &m->dir[addr >> DIR_SHIFT];
    if (!*d) {
        *d = calloc(1024, sizeof **d);
        if (!*d)
            abort();
    }
    uint8_t **p = &(*d)[(addr >> RC_MEM_PAGE_BITS) & 1023];
    if (!*p) {
        *p = calloc(1, PAGE_SIZE);
        if (!*p)
            abort();
    }
    return *p;
}

uint8_t rc_memimg_read8(const rc_memimg *m, uint32_t addr)
{
    const uint8_t *p = page_ro(m, addr);
    return p ? p[addr & (PAGE_SIZE - 1)] : 0;
}

void rc_memimg_write8(rc_memimg *m, uint32_t addr, uint8_t v)
{
    page_rw(m, addr)[addr & (PAGE_SIZE - 1)] = v;
}

uint64_t rc_memimg_read(const rc_memimg *m, uint32_t addr, unsigned bytes)
{
    const uint8_t *p = page_ro(m, addr);
    uint32_t off = addr & (PAGE_SIZE - 1);
    uint64_t v = 0;
    if (p && off + bytes <= PAGE_SIZE) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (bytes == 4) {                 /* the common sizes as plain loads, not a memcpy call */
            uint32_t w;
            memcpy(&w, p + off, 4);
            return w;
        }
        if (bytes == 8) {
            memcpy(&v, p + off, 8);
            return v;
        }
        memcpy(&v, p + off, bytes);
#else
        for (unsigned i = 0; i < bytes; i++)
            v |= (uint64_t)p[off + i] << (8 * i);
#endif
        return v;
    }
    if (!p && (addr >> RC_MEM_PAGE_BITS) == ((addr + bytes - 1) >> RC_MEM_PAGE_BITS))
        return 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)rc_memimg_read8(m, addr + i) << (8 * i);
    return v;
}

void rc_memimg_write(rc_memimg *m, uint32_t addr, unsigned bytes, uint64_t v, uint64_t be)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t off = addr & (PAGE_SIZE - 1);
    if (off + bytes <= PAGE_SIZE && (be & ((1ull << bytes) - 1)) == (1ull << bytes) - 1) {
        uint8_t *p = page_rw(m, addr) + off;
        if (bytes == 4) {                 /* the common sizes as plain stores */
            uint32_t w = (uint32_t)v;
            memcpy(p, &w, 4);
        } else if (bytes == 8) {
            memcpy(p, &v, 8);
        } else {
            memcpy(p, &v, bytes);
        }
        return;
    }
#endif
    for (unsigned i = 0; i < bytes; i++)
        if (be >> i & 1)
            rc_memimg_write8(m, addr + i, (uint8_t)(v >> (8 * i)));
}

int rc_memimg_diff(const rc_memimg *a, const rc_memimg *b, uint32_t *addr)
{
    static const uint8_t zero[PAGE_SIZE];
    for (uint64_t pa = 0; pa < (1ull << 32); pa += PAGE_SIZE) {
        uint32_t base = (uint32_t)pa;
        if (!a->dir[base >> DIR_SHIFT] && !b->dir[base >> DIR_SHIFT]) {
            pa += (1ull << DIR_SHIFT) - PAGE_SIZE;
            continue;
        }
        const uint8_t *x = page_ro(a, base), *y = page_ro(b, base);
        if (!x && !y)
            continue;
        x = x ? x : zero;
        y = y ? y : zero;
        if (memcmp(x, y, PAGE_SIZE)) {
            for (unsigned i = 0; i < PAGE_SIZE; i++)
                if (x[i] != y[i]) {
                    *addr = base + i;
                    return 1;
                }
        }
    }
    return 0;
}

int rc_latency_parse(const char *text, unsigned *min, unsigned *max)
{
    unsigned a, b;
    const char *colon = strchr(text, ':');
    if (colon) {
        char first[24];
        size_t n = (size_t)(colon - text);
        if (n >= sizeof first)
            return -1;
        memcpy(first, text, n);
        first[n] = 0;
        if (rc_parse_uint_range(first, 1, 1000, &a) || rc_parse_uint_range(colon + 1, 1, 1000, &b))
            return -1;
    } else if (rc_parse_uint_range(text, 1, 1000, &a)) {
        return -1;
    } else {
        b = a;
    }
    if (a < 1 || b < a || b > 1000)
        return -1;
    *min = a;
    *max = b;
    return 0;
}

int rc_memagent_init(rc_memagent *a, const rc_memport *port, uint64_t seed, unsigned port_index,
                     unsigned lat_min, unsigned lat_max)
{
    memset(a, 0, sizeof *a);
    a->port = port;
    rc_memimg_init(&a->img);
    a->rng = rc_rng_make(seed, 0x6D656D00ull + port_index);
    a->lat_min = lat_min;
    a->lat_max = lat_max;
    return 0;
}

void rc_memagent_free(rc_memagent *a)
{
    rc_memimg_free(&a->img);
    free(a->q);
    a->q = NULL;
}

void rc_memagent_copy(rc_memagent *dst, const rc_memagent *src)
{
    rc_memagent_free(dst);
    *dst = *src;
    rc_memimg_init(&dst->img);
    for (size_t d = 0; d < sizeof src->img.dir / sizeof src->img.dir[0]; d++) {
        if (!src->img.dir[d])
            continue;
        for (unsigned p = 0; p < 1024; p++) {
            const uint8_t *page = src->img.dir[d][p];
            if (page)
                memcpy(page_rw(&dst->img, (uint32_t)((d << DIR_SHIFT) | ((size_t)p << RC_MEM_PAGE_BITS))), page, PAGE_SIZE);
        }
    }
    dst->q = NULL;
    dst->qcap = dst->qn = dst->qhead = 0;
    if (src->qcap) {
        dst->q = malloc(src->qcap * sizeof *dst->q);
        if (!dst->q)
            abort();
        memcpy(dst->q, src->q, src->qcap * sizeof *dst->q);
        dst->qcap = src->qcap;
        dst->qn = src->qn;
        dst->qhead = src->qhead;
    }
}

static void find_words(rc_memagent *a, const rc_block_desc *b)
{
    const rc_memport *mp = a->port;
    const rc_channel *req = &b->channels[mp->req], *rsp = &b->channels[mp->rsp];
    a->w_rsp_valid = rsp->valid_word;
    a->w_rsp_ready = rsp->ready_word;
    a->w_rsp_data = rsp->fields[mp->f_data].word;
    a->w_req_valid = req->valid_word;
    a->w_req_ready = req->ready_word;
    a->w_addr = req->fields[mp->f_addr].word;
    a->w_we = mp->f_we >= 0 ? (int)req->fields[mp->f_we].word : -1;
    a->w_wdata = mp->f_wdata >= 0 ? (int)req->fields[mp->f_wdata].word : -1;
    a->w_be = mp->f_be >= 0 ? (int)req->fields[mp->f_be].word : -1;
    a->words_ok = 1;
}

void rc_memagent_offer(rc_memagent *a, const rc_block_desc *b, uint64_t cycle, uint64_t *ports)
{
    if (!a->words_ok)
        find_words(a, b);
    if (a->qn && a->q[a->qhead].due <= cycle) {
        ports[a->w_rsp_valid] = 1;
        ports[a->w_rsp_data] = a->q[a->qhead].data;
    } else {
        ports[a->w_rsp_valid] = 0;
        ports[a->w_rsp_data] = 0;
    }
}

static void push(rc_memagent *a, uint64_t due, uint64_t data)
{
    if (a->qn == a->qcap) {
        size_t cap = a->qcap ? a->qcap * 2 : 16;
        rc_mempending *q = malloc(cap * sizeof *q);
        if (!q)
            abort();
        for (size_t i = 0; i < a->qn; i++)
            q[i] = a->q[(a->qhead + i) & (a->qcap - 1)];
        free(a->q);
        a->q = q;
        a->qcap = cap;
        a->qhead = 0;
    }
    a->q[(a->qhead + a->qn) & (a->qcap - 1)] = (rc_mempending){ due, data };
    a->qn++;
}

int rc_memagent_edge(rc_memagent *a, const rc_block_desc *b, uint64_t cycle, uint64_t *ports)
{
    const rc_memport *mp = a->port;
    if (!a->words_ok)
        find_words(a, b);
    int moved = 0;
    if (ports[a->w_rsp_valid] && ports[a->w_rsp_ready]) {
        a->qhead = (a->qhead + 1) & (a->qcap - 1);
        a->qn--;
        moved = 1;
    }
    if (ports[a->w_req_valid] && ports[a->w_req_ready]) {
        uint32_t addr = (uint32_t)ports[a->w_addr];
        unsigned bytes = mp->data_bytes;
        addr &= ~(uint32_t)(bytes - 1);
        int we = a->w_we >= 0 && ports[a->w_we];
        if (we) {
            uint64_t data = a->w_wdata >= 0 ? ports[a->w_wdata] : 0;
            uint64_t be = a->w_be >= 0 ? ports[a->w_be] : ~0ull;
            if (a->backing)
                a->backing->write(a->backing->ctx, addr, bytes, data, be);
            else
                rc_memimg_write(&a->img, addr, bytes, data, be);
            a->writes++;
        } else {
            unsigned lat = a->lat_min;
            if (a->lat_max > a->lat_min)
                lat += (unsigned)rc_rng_below(&a->rng, a->lat_max - a->lat_min + 1);
            push(a, cycle + lat, a->backing ? a->backing->read(a->backing->ctx, addr, bytes)
                                            : rc_memimg_read(&a->img, addr, bytes));
            a->reads++;
        }
        moved = 1;
    }
    return moved;
}
