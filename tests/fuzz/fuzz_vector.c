/*
 * fuzz_vector.c - libFuzzer target: the vector reader (bridge/rc_vector.c) on arbitrary bytes,
 * as a plain file or (FUZZ_GZ) as a .vec.gz file, so zlib's view of corrupt or truncated gzip
 * is fuzzed too.  Whatever it accepts must survive the round trip: written back and read again,
 * it gives the same bytes (issue #17: "anything gen can write, run reads back").
 */
#include "fuzz_common.h"
#include "rc_vector.h"

#ifdef FUZZ_GZ
#define SUFFIX ".vec.gz"
#else
#define SUFFIX ".vec"
#endif

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        abort();
    char *buf = NULL;
    size_t cap = 0, len = 0, got;
    do {
        if (cap - len < 65536) {
            cap = cap ? cap * 2 : 65536;
            buf = realloc(buf, cap);
            if (!buf)
                abort();
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got);
    fclose(f);
    *n = len;
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char in[128], a[128], b[128], err[1024];
    fuzz_file(data, size, SUFFIX, in, sizeof in);
    rc_vector v;
    if (!rc_vector_read(&v, in, fuzz_lookup, err, sizeof err)) {
        snprintf(a, sizeof a, "/tmp/rcosim-fuzz-%ld.a.vec", (long)getpid());
        snprintf(b, sizeof b, "/tmp/rcosim-fuzz-%ld.b.vec", (long)getpid());
        if (rc_vector_write(&v, a, v.has_expected, err, sizeof err))
            abort();
        rc_vector w;
        if (rc_vector_read(&w, a, fuzz_lookup, err, sizeof err)) {
            fprintf(stderr, "written vector not readable: %s\n", err);
            abort();
        }
        if (rc_vector_write(&w, b, w.has_expected, err, sizeof err))
            abort();
        size_t na, nb;
        char *ta = slurp(a, &na), *tb = slurp(b, &nb);
        if (na != nb || memcmp(ta, tb, na)) {
            fprintf(stderr, "round trip differs\n");
            abort();
        }
        free(ta);
        free(tb);
        rc_vector_free(&w);
        rc_vector_free(&v);
        unlink(a);
        unlink(b);
    }
    unlink(in);
    return 0;
}
