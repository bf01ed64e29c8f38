/*
 * sc_platform.cpp - a small SystemC TLM-2.0 virtual platform (the example of docs/systemc.md and
 * a test): a TLM memory, a host thread that writes a PM4 ring (the vector's memory) into it and
 * programs the block through its target socket at the vector's cycles, and the block
 * (r5xx.pm4_2d: RTL and model in lockstep) rendering into the platform's memory.
 *
 *   sc_platform VECTOR [--clocked] [--quantum NS] [--png DIR] [--record FILE] [--compare]
 *               [--fence ADDR=VALUE [--poll NS]] [--inject SIDE:CHANNEL.FIELD@TXN^MASK]
 * --compare: the block's outputs must equal the vector's expected outputs (values and cycles), and
 *   the platform's memory at the end the vector's preload with the vector's expected writes applied.
 * --fence: the host, after programming the block, polls the word at ADDR in the platform's memory
 *   (a b_transport read every --poll NS, default 1000) until it reads VALUE, as a driver waits for
 *   its fence (r5xx.gpu: SCRATCH_ADDR + 4*n); the block going idle without it is a failure.
 * Exit 0 pass, 1 mismatch or no fence (the SC_REPORT_ERROR message is printed), 2 bad arguments.
 */
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "rc_sc_block.h"

extern "C" {
#include "rc_png.h"
#include "regdb.h"
}

using namespace sc_core;

/* Register names in reports, as the command line shows them. */
static size_t decode(const char *family, rc_show kind, uint64_t addr, uint64_t value, char *buf, size_t n)
{
    const rdb_family *f = rdb_family_find(family);
    if (!f || addr > 0xFFFFFFFFull)
        return 0;
    if (kind == RC_SHOW_REGADDR) {
        const rdb_reg *r = rdb_reg_by_addr(f, (uint32_t)addr);
        return r ? (size_t)snprintf(buf, n, "%s", rdb_reg_name(r)) : 0;
    }
    return rdb_format(f, (uint32_t)addr, (uint32_t)value, buf, n);
}

/* The host: memory first, then every input transaction at its vector cycle. */
struct host : sc_module {
    tlm_utils::simple_initiator_socket<host> mem{ "mem" };
    std::vector<std::unique_ptr<tlm_utils::simple_initiator_socket<host>>> regs;
    const rc_vector *v;
    rc_sc_block *blk;
    sc_time period;
    bool poll_fence = false;           /* --fence: wait for this word in memory */
    uint32_t fence_addr = 0, fence_value = 0;
    sc_time poll_every{ 1000, SC_NS };
    bool fence_seen = false;
    uint64_t fence_cycle = 0, polls = 0;
    SC_HAS_PROCESS(host);
    host(sc_module_name n, const rc_vector *vec, rc_sc_block *b, sc_time p) : sc_module(n), v(vec), blk(b), period(p)
    {
        for (unsigned c = 0; c < v->blk->nchannels; c++)
            regs.emplace_back(new tlm_utils::simple_initiator_socket<host>(("to_" + std::to_string(c)).c_str()));
        SC_THREAD(run);
    }
    void write(tlm_utils::simple_initiator_socket<host> &s, uint64_t addr, uint8_t *data, unsigned len)
    {
        tlm::tlm_generic_payload p;
        sc_time d = SC_ZERO_TIME;
        p.set_command(tlm::TLM_WRITE_COMMAND);
        p.set_address(addr);
        p.set_data_ptr(data);
        p.set_data_length(len);
        p.set_streaming_width(len);
        p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        s->b_transport(p, d);
        if (p.is_response_error())
            SC_REPORT_FATAL("host", "write failed");
    }
    uint32_t read32(uint32_t addr)
    {
        uint32_t w = 0;
        tlm::tlm_generic_payload p;
        sc_time d = SC_ZERO_TIME;
        p.set_command(tlm::TLM_READ_COMMAND);
        p.set_address(addr);
        p.set_data_ptr(reinterpret_cast<unsigned char *>(&w));
        p.set_data_length(4);
        p.set_streaming_width(4);
        p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        mem->b_transport(p, d);
        if (p.is_response_error())
            SC_REPORT_FATAL("host", "read failed");
        return w;
    }
    bool done() { return blk->idle() && !rc_session_pending(blk->session(), 0); }
    void run()
    {
        for (size_t i = 0; i < v->nmem; i++)    /* the PM4 ring and the surfaces */
            write(mem, v->mem[i].addr, (uint8_t *)v->mem[i].words, 4 * (unsigned)v->mem[i].nwords);
        /* every vector-fed input, in cycle order across channels */
        size_t pos[RC_MAX_CHANNELS] = { 0 };
        for (;;) {
            int best = -1;
            for (unsigned c = 0; c < v->blk->nchannels; c++)
                if (pos[c] < v->in[c].n && (best < 0 || v->in[c].cycle[pos[c]] < v->in[best].cycle[pos[best]]))
                    best = (int)c;
            if (best < 0)
                break;
            const rc_txlist *l = &v->in[best];
            sc_time at = period * (double)l->cycle[pos[best]];
            if (at > sc_time_stamp())
                wait(at - sc_time_stamp());
            uint64_t data = l->nf > 1 ? l->vals[pos[best] * l->nf + 1] : 0;
            write(*regs[best], l->vals[pos[best] * l->nf], (uint8_t *)&data, 4);
            pos[best]++;
        }
        /* A driver waits for its fence in memory: read it through the bus until it holds the value
         * (or the block has nothing left to do: then it will never come). */
        while (poll_fence && !fence_seen) {
            polls++;
            if (read32(fence_addr) == fence_value) {
                fence_seen = true;
                fence_cycle = (uint64_t)(sc_time_stamp() / period);
            } else if (done()) {
                break;
            } else {
                wait(poll_every);
            }
        }
        while (!done())
            wait(blk->idle_event());
        sc_stop();
    }
};

static int usage(const char *m)
{
    fprintf(stderr, "sc_platform: %s\nusage: sc_platform VECTOR [--clocked] [--quantum NS] [--png DIR] "
            "[--record FILE] [--compare] [--fence ADDR=VALUE [--poll NS]] [--inject SIDE:CHANNEL.FIELD@TXN^MASK]\n", m);
    return 2;
}

static int parse_inject(const rc_block_desc *b, const char *spec, rc_fault *f)
{
    char side[16], chn[64], fld[64];
    unsigned long long txn, mask;
    if (sscanf(spec, "%15[^:]:%63[^.].%63[^@]@%llu^%llx", side, chn, fld, &txn, &mask) != 5)
        return -1;
    f->side = !strcmp(side, "rtl") ? 0 : !strcmp(side, "model") ? 1 : -1;
    f->channel = f->field = -1;
    for (unsigned c = 0; c < b->nchannels; c++)
        if (!strcmp(b->channels[c].name, chn)) {
            f->channel = (int)c;
            for (unsigned k = 0; k < b->channels[c].nfields; k++)
                if (!strcmp(b->channels[c].fields[k].name, fld))
                    f->field = (int)k;
        }
    f->txn = txn;
    f->mask = mask;
    return f->side < 0 || f->field < 0 ? -1 : 0;
}

int sc_main(int argc, char **argv)
{
    if (argc < 2)
        return usage("no vector");
    const char *png = nullptr, *record = nullptr, *inject = nullptr, *fence = nullptr;
    bool clocked = false, compare = false;
    double quantum_ns = 10000, poll_ns = 1000;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--clocked"))
            clocked = true;
        else if (!strcmp(argv[i], "--compare"))
            compare = true;
        else if (!strcmp(argv[i], "--png") && i + 1 < argc)
            png = argv[++i];
        else if (!strcmp(argv[i], "--record") && i + 1 < argc)
            record = argv[++i];
        else if (!strcmp(argv[i], "--inject") && i + 1 < argc)
            inject = argv[++i];
        else if (!strcmp(argv[i], "--quantum") && i + 1 < argc)
            quantum_ns = atof(argv[++i]);
        else if (!strcmp(argv[i], "--fence") && i + 1 < argc)
            fence = argv[++i];
        else if (!strcmp(argv[i], "--poll") && i + 1 < argc)
            poll_ns = atof(argv[++i]);
        else
            return usage("unknown option");
    }
    char err[512];
    rc_vector vec;
    if (rc_vector_read(&vec, argv[1], rc_block_find, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    const rc_block_desc *b = vec.blk;

    /* The lockstep run, configured as `rcosim run` would be from this vector. */
    rc_sc_config cfg;
    rc_run_defaults(&cfg.run);
    cfg.run.blk = b;
    cfg.run.sides[0] = b->rtl;
    cfg.run.sides[1] = b->model;
    cfg.run.nsides = 2;
    cfg.run.seed = vec.seed;
    cfg.run.decode = decode;
    if (rc_policy_parse(vec.backpressure[0] ? vec.backpressure : "always", &cfg.run.bp) ||
        rc_latency_parse(vec.latency[0] ? vec.latency : "1", &cfg.run.lat_min, &cfg.run.lat_max))
        return usage("vector's policies");
    if (inject && parse_inject(b, inject, &cfg.run.faults[cfg.run.nfaults++]))
        return usage("bad --inject");
    cfg.quantum = sc_time(quantum_ns, SC_NS);
    std::unique_ptr<sc_clock> clk;             /* only in the clocked mode: a clock costs events */
    if (clocked) {
        clk.reset(new sc_clock("clk", cfg.period));
        cfg.timing = RC_SC_CLOCKED;
        cfg.clock = clk.get();
    }

    rc_sc_memory memory("memory");
    rc_sc_block block("block", cfg);
    host h("host", &vec, &block, cfg.period);
    if (fence) {
        unsigned long long fa, fv;
        char end;
        if (sscanf(fence, "%llx=%llx%c", &fa, &fv, &end) != 2 || fa > 0xFFFFFFFCull || (fa & 3) || fv > 0xFFFFFFFFull)
            return usage("--fence: expected ADDR=VALUE, a dword-aligned hex address and a 32-bit hex value");
        if (!(poll_ns > 0))
            return usage("--poll: expected a time in ns > 0");
        h.poll_fence = true;
        h.fence_addr = (uint32_t)fa;
        h.fence_value = (uint32_t)fv;
        h.poll_every = sc_time(poll_ns, SC_NS);
    }
    h.mem.bind(memory.socket);
    for (unsigned m = 0; m < b->nmem; m++)
        block.memory(b->mem[m].name)->bind(memory.socket);
    for (unsigned c = 0; c < b->nchannels; c++) {
        auto *t = block.target(b->channels[c].name);
        if (t)
            h.regs[c]->bind(*t);
        else
            h.regs[c]->bind(memory.socket);     /* not an input channel: unused */
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    try {
        sc_start();
        block.finish();
    } catch (const sc_report &r) {
        printf("SC_REPORT_ERROR %s\n", r.what());
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    const rc_result &res = rc_session_result(block.session())[0];
    printf("stats: %" PRIu64 " cycles in %.6f s\n", res.cycles,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    printf("sc_platform %s: %s, %" PRIu64 " cycles (%s)\n", b->name, res.status == RC_PASS ? "pass" : "FAIL",
           res.cycles, clocked ? "clocked" : "loosely timed");
    int rc = res.status == RC_PASS ? 0 : 1;
    if (fence) {
        if (h.fence_seen)
            printf("fence: 0x%08x at 0x%08x read from the platform's memory at cycle %" PRIu64 " (poll %" PRIu64 ")\n",
                   h.fence_value, h.fence_addr, h.fence_cycle, h.polls);
        else
            printf("fence: 0x%08x never appeared at 0x%08x (it holds 0x%08x; %" PRIu64 " polls)\n", h.fence_value,
                   h.fence_addr, (uint32_t)rc_memimg_read(&memory.img, h.fence_addr, 4), h.polls), rc = 1;
    }
    if (record && block.write_vector(record, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        rc = 1;
    }
    if (compare) {
        const rc_vector *got = rc_session_peek(block.session());
        for (unsigned c = 0; c < b->nchannels; c++) {
            const rc_txlist *x = &vec.out[c], *a = &got->out[c];
            if (b->channels[c].dir != RC_OUT)
                continue;
            size_t n = x->n < a->n ? x->n : a->n;
            size_t i = 0;
            while (i < n && x->cycle[i] == a->cycle[i] && !memcmp(x->vals + i * x->nf, a->vals + i * a->nf, x->nf * 8))
                i++;
            if (i < n || x->n != a->n) {
                printf("compare: channel %s differs from the vector at transaction #%zu (%zu vs %zu)\n",
                       b->channels[c].name, i, x->n, a->n);
                rc = 1;
            } else {
                printf("compare: channel %s: %zu transactions identical\n", b->channels[c].name, a->n);
            }
        }
        /* The memory the platform ends with: the vector's preload with its expected writes applied. */
        rc_memimg want;
        rc_memimg_init(&want);
        for (size_t i = 0; i < vec.nmem; i++)
            for (size_t k = 0; k < vec.mem[i].nwords; k++)
                rc_memimg_write(&want, vec.mem[i].addr + 4 * (uint32_t)k, 4, vec.mem[i].words[k], 0xF);
        /* every write of every memory port, in cycle order (ports in description order within a cycle) */
        struct wr { uint64_t cycle; unsigned port; size_t i; };
        std::vector<wr> wrs;
        for (unsigned m = 0; m < b->nmem; m++) {
            const rc_memport *mp = &b->mem[m];
            const rc_txlist *x = &vec.out[mp->req];
            for (size_t i = 0; mp->f_we >= 0 && i < x->n; i++)
                if (x->vals[i * x->nf + mp->f_we])
                    wrs.push_back({ x->cycle[i], m, i });
        }
        std::stable_sort(wrs.begin(), wrs.end(), [](const wr &a, const wr &b) { return a.cycle < b.cycle; });
        for (const wr &w : wrs) {
            const rc_memport *mp = &b->mem[w.port];
            const rc_txlist *x = &vec.out[mp->req];
            const uint64_t *f = x->vals + w.i * x->nf;
            uint32_t addr = (uint32_t)f[mp->f_addr] & ~(uint32_t)(mp->data_bytes - 1);
            rc_memimg_write(&want, addr, mp->data_bytes, mp->f_wdata >= 0 ? f[mp->f_wdata] : 0,
                            mp->f_be >= 0 ? f[mp->f_be] : ~0ull);
        }
        size_t writes = wrs.size();
        uint32_t at = 0;
        if (rc_memimg_diff(&memory.img, &want, &at)) {
            printf("compare: memory differs from the vector's at 0x%08x (platform 0x%08x, vector 0x%08x)\n", at,
                   (uint32_t)rc_memimg_read(&memory.img, at & ~3u, 4), (uint32_t)rc_memimg_read(&want, at & ~3u, 4));
            rc = 1;
        } else {
            printf("compare: memory equal to the vector's preload + its %zu writes\n", writes);
        }
        rc_memimg_free(&want);
    }
    if (png && b->images) {
        rc_image img[8];
        int n = b->images(&vec, &memory.img, img, 8, err, sizeof err);
        for (int i = 0; i < n; i++) {
            std::string path = std::string(png) + "/" + img[i].name + ".systemc.png";
            if (rc_png_write(path.c_str(), &img[i], err, sizeof err))
                fprintf(stderr, "%s\n", err), rc = 1;
            free(img[i].rgba);
        }
        if (n < 0)
            fprintf(stderr, "%s\n", err), rc = 1;
    }
    rc_vector_free(&vec);
    return rc;
}
