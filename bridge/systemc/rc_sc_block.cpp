/*
 * rc_sc_block.cpp - the SystemC module around an rcosim session (rc_session.h): TLM writes to
 * input channels, memory through b_transport, outputs on analysis ports, reports as
 * SC_REPORT_ERROR.  The cycle work is the engine's own (rc_session_step).
 */
#include "rc_sc_block.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace sc_core;

rc_sc_block::rc_sc_block(sc_module_name name, const rc_sc_config &cfg)
    : sc_module(name), cfg_(cfg), b_(cfg.run.blk)
{
    report_ = open_memstream(&report_buf_, &report_len_);
    cfg_.run.report = report_;
    std::vector<const rc_membacking *> back(b_->nmem, nullptr);
    for (unsigned m = 0; m < b_->nmem; m++) {
        std::string n = std::string("mem_") + b_->mem[m].name;
        mems_.emplace_back(new tlm_utils::simple_initiator_socket<rc_sc_block>(n.c_str()));
        memctx_.emplace_back(new memctx);
        memctx_.back()->self = this;
        memctx_.back()->port = m;
        memctx_.back()->backing = { mem_read, mem_write, nullptr };
        memctx_.back()->backing.ctx = memctx_.back().get();
        back[m] = &memctx_.back()->backing;
    }
    for (unsigned c = 0; c < b_->nchannels; c++) {
        const rc_channel *ch = &b_->channels[c];
        if (ch->dir == RC_IN && !ch->agent) {
            std::string n = std::string("in_") + ch->name;
            targets_.emplace_back(new tlm_utils::simple_target_socket_tagged<rc_sc_block>(n.c_str()));
            targets_.back()->register_b_transport(this, &rc_sc_block::b_transport, (int)c);
            target_ch_.push_back((int)c);
        }
        if (ch->dir == RC_OUT) {
            std::string n = std::string("out_") + ch->name;
            outs_.emplace_back(new tlm::tlm_analysis_port<rc_sc_txn>(n.c_str()));
        } else {
            outs_.emplace_back(nullptr);
        }
    }
    char err[256];
    if (rc_session_open(&cfg_.run, back.data(), &s_, err, sizeof err))
        SC_REPORT_FATAL("rcosim", err);
    if (cfg_.timing == RC_SC_CLOCKED) {
        if (!cfg_.clock)
            SC_REPORT_FATAL("rcosim", "RC_SC_CLOCKED needs rc_sc_config.clock");
        SC_METHOD(clocked_method);
        sensitive << cfg_.clock->negedge_event();
        dont_initialize();
    } else {
        tlm::tlm_global_quantum::instance().set(cfg_.quantum);
        SC_THREAD(run_thread);
    }
}

rc_sc_block::~rc_sc_block()
{
    rc_session_close(s_);
    if (report_)
        fclose(report_);
    free(report_buf_);
}

tlm_utils::simple_target_socket_tagged<rc_sc_block> *rc_sc_block::target(const char *channel)
{
    for (size_t i = 0; i < target_ch_.size(); i++)
        if (!strcmp(b_->channels[target_ch_[i]].name, channel))
            return targets_[i].get();
    return nullptr;
}

tlm_utils::simple_initiator_socket<rc_sc_block> *rc_sc_block::memory(const char *port)
{
    for (unsigned m = 0; m < b_->nmem; m++)
        if (!strcmp(b_->mem[m].name, port))
            return mems_[m].get();
    return nullptr;
}

tlm::tlm_analysis_port<rc_sc_txn> *rc_sc_block::output(const char *channel)
{
    for (unsigned c = 0; c < b_->nchannels; c++)
        if (!strcmp(b_->channels[c].name, channel))
            return outs_[c].get();
    return nullptr;
}

bool rc_sc_block::idle() const
{
    return rc_session_idle(s_);
}

/* A write to an input channel's socket: the address is the channel's first field, the data
 * (little-endian, up to 8 bytes) its second; offered from the cycle its time falls in. */
void rc_sc_block::b_transport(int c, tlm::tlm_generic_payload &p, sc_time &delay)
{
    const rc_channel *ch = &b_->channels[c];
    if (p.get_command() != tlm::TLM_WRITE_COMMAND || p.get_data_length() > 8 || ch->nfields < 1 ||
        ch->nfields > 2 || p.get_byte_enable_ptr()) {
        p.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    uint64_t vals[RC_MAX_FIELDS] = { 0 };
    uint64_t data = 0;
    memcpy(&data, p.get_data_ptr(), p.get_data_length());
    vals[0] = p.get_address();
    if (ch->nfields == 2)
        vals[1] = data;
    sc_time t = sc_time_stamp() + delay;
    uint64_t earliest = (uint64_t)((t.value() + cfg_.period.value() - 1) / cfg_.period.value());
    if (rc_session_offer(s_, (unsigned)c, earliest, vals)) {
        p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    p.set_response_status(tlm::TLM_OK_RESPONSE);
}

/* One b_transport per memory request (both sides make the same requests until the first
 * mismatch, and the session stops there); the platform's annotated delay is not used: the
 * latency both sides see is the agent's seeded one, as on the command line. */
uint64_t rc_sc_block::mem_read(void *ctx, uint32_t addr, unsigned bytes)
{
    memctx *m = static_cast<memctx *>(ctx);
    tlm::tlm_generic_payload &p = m->p;
    sc_time d = SC_ZERO_TIME;
    bytes = bytes < 8 ? bytes : 8;
    memset(m->buf, 0, sizeof m->buf);
    p.set_command(tlm::TLM_READ_COMMAND);
    p.set_address(addr);
    p.set_data_ptr(m->buf);
    p.set_data_length(bytes);
    p.set_streaming_width(bytes);
    p.set_byte_enable_ptr(nullptr);
    p.set_byte_enable_length(0);
    p.set_dmi_allowed(false);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    (*m->self->mems_[m->port])->b_transport(p, d);
    if (p.is_response_error())
        SC_REPORT_ERROR("rcosim", "memory read failed (b_transport)");
    uint64_t v = 0;
    memcpy(&v, m->buf, bytes);
    return v;
}

void rc_sc_block::mem_write(void *ctx, uint32_t addr, unsigned bytes, uint64_t data, uint64_t be)
{
    memctx *m = static_cast<memctx *>(ctx);
    tlm::tlm_generic_payload &p = m->p;
    sc_time d = SC_ZERO_TIME;
    bytes = bytes < 8 ? bytes : 8;                        /* data_bytes: 1, 2, 4 or 8 */
    memcpy(m->buf, &data, bytes);
    for (unsigned i = 0; i < bytes; i++)
        m->ben[i] = (be >> i & 1) ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
    p.set_command(tlm::TLM_WRITE_COMMAND);
    p.set_address(addr);
    p.set_data_ptr(m->buf);
    p.set_data_length(bytes);
    p.set_streaming_width(bytes);
    p.set_byte_enable_ptr(m->ben);
    p.set_byte_enable_length(bytes);
    p.set_dmi_allowed(false);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    (*m->self->mems_[m->port])->b_transport(p, d);
    if (p.is_response_error())
        SC_REPORT_ERROR("rcosim", "memory write failed (b_transport)");
}

/* New output transactions of side 0 (recorded in the session's vector) to the analysis ports. */
void rc_sc_block::publish()
{
    const rc_vector *v = rc_session_peek(s_);
    for (unsigned c = 0; c < b_->nchannels; c++) {
        if (!outs_[c])
            continue;
        const rc_txlist *l = &v->out[c];
        for (; published_[c] < l->n; published_[c]++) {
            rc_sc_txn t;
            t.channel = &b_->channels[c];
            t.cycle = l->cycle[published_[c]];
            t.index = published_[c];
            memset(t.vals, 0, sizeof t.vals);
            memcpy(t.vals, l->vals + published_[c] * l->nf, l->nf * sizeof *t.vals);
            outs_[c]->write(t);
        }
    }
}

void rc_sc_block::check()
{
    if (reported_ || (!rc_session_result(s_)->mismatches && rc_session_result(s_)->status == RC_PASS))
        return;
    reported_ = true;
    fflush(report_);
    std::string text(report_buf_ ? report_buf_ : "", report_len_);
    SC_REPORT_ERROR("rcosim", text.c_str());
}

/* Cycle k is evaluated at time k*period + period/2: inputs written at or before k*period are
 * offered on cycle k (b_transport stamps them with ceil(t / period)). */
void rc_sc_block::advance(uint64_t upto)
{
    uint64_t c = rc_session_cycle(s_);
    if (upto > c) {
        rc_session_step(s_, upto - c);
        publish();
        check();
        if (rc_session_idle(s_))
            idle_ev_.notify(SC_ZERO_TIME);
    }
}

void rc_sc_block::clocked_method()
{
    /* a falling edge at (k + 1/2) * period: cycle k */
    uint64_t k = (uint64_t)(sc_time_stamp().value() / cfg_.period.value());
    advance(k + 1);
}

void rc_sc_block::run_thread()
{
    /* Loosely timed: the block runs behind the platform by up to one quantum, a whole quantum of
     * cycles at a time, so it pays one context switch per quantum, not per cycle. */
    qk_.reset();
    for (;;) {
        qk_.inc(cfg_.quantum);
        qk_.sync();
        uint64_t now = sc_time_stamp().value(), P = cfg_.period.value();
        advance(now < P / 2 ? 0 : (now - P / 2) / P + 1);
        if (reported_)
            return;
    }
}

const rc_result &rc_sc_block::finish()
{
    const rc_result *r = rc_session_finish(s_);
    check();
    return *r;
}

int rc_sc_block::write_vector(const char *path, char *err, size_t errn)
{
    return rc_vector_write(rc_session_vector(s_), path, 1, err, errn);
}

/* ---- rc_sc_memory ----------------------------------------------------------------------- */

rc_sc_memory::rc_sc_memory(sc_module_name name) : sc_module(name), socket("socket")
{
    rc_memimg_init(&img);
    socket.register_b_transport(this, &rc_sc_memory::b_transport);
}

rc_sc_memory::~rc_sc_memory()
{
    rc_memimg_free(&img);
}

void rc_sc_memory::b_transport(int, tlm::tlm_generic_payload &p, sc_time &delay)
{
    uint64_t a = p.get_address();
    unsigned n = p.get_data_length();
    uint8_t *d = p.get_data_ptr();
    const uint8_t *be = p.get_byte_enable_ptr();
    unsigned bel = p.get_byte_enable_length();
    if (a + n > (1ull << 32) || p.get_streaming_width() < n) {
        p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (n <= 8 && !(a & (n - 1)) && !(n & (n - 1))) {      /* one aligned word: the common case */
        uint64_t v = 0, m = 0;
        if (p.is_read()) {
            v = rc_memimg_read(&img, (uint32_t)a, n);
            memcpy(d, &v, n);
        } else if (p.is_write()) {
            memcpy(&v, d, n);
            for (unsigned i = 0; i < n; i++)
                m |= (uint64_t)(!be || be[i % bel] == TLM_BYTE_ENABLED) << i;
            rc_memimg_write(&img, (uint32_t)a, n, v, m);
        }
        p.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        uint32_t x = (uint32_t)(a + i);
        if (p.is_read())
            d[i] = rc_memimg_read8(&img, x);
        else if (p.is_write() && (!be || be[i % bel] == TLM_BYTE_ENABLED))
            rc_memimg_write8(&img, x, d[i]);
    }
    p.set_response_status(tlm::TLM_OK_RESPONSE);
}
