/*
 * rc_sc_block.h - one rcosim block in lockstep (RTL and C model compared every cycle, exactly
 * as `rcosim run`) as a SystemC TLM-2.0 module, and a plain TLM memory.  Generic over the block
 * contract: every port comes from the block's description (rc_block_desc).
 *
 *   - one tlm_utils::simple_target_socket per vector-fed input channel (writes: address and
 *     data become the channel's first two fields);
 *   - one tlm_utils::simple_initiator_socket per memory port (b_transport to the platform's
 *     memory; one call per request serves both sides, which make the same requests in lockstep);
 *   - one tlm::tlm_analysis_port<rc_sc_txn> per output channel (side 0's transactions);
 *   - a mismatch or a hang: SC_REPORT_ERROR with the command line's report text.
 * Timing: RC_SC_LOOSE (temporal decoupling, tlm_quantumkeeper) or RC_SC_CLOCKED (a cycle per
 * falling edge of an sc_clock).  See docs/systemc.md.
 */
#ifndef RC_SC_BLOCK_H
#define RC_SC_BLOCK_H

#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

extern "C" {
#include "rc_mem.h"
#include "rc_session.h"
}

/* One output transaction, decoded into the block's fields. */
struct rc_sc_txn {
    const rc_channel *channel;
    uint64_t cycle;                   /* the block cycle it fired on */
    uint64_t index;                   /* transaction number on the channel */
    uint64_t vals[RC_MAX_FIELDS];     /* channel->fields order */
};

enum rc_sc_timing { RC_SC_LOOSE = 0, RC_SC_CLOCKED = 1 };

struct rc_sc_config {
    rc_run run;                       /* template: blk, sides, seed, latency, faults, decode... */
    rc_sc_timing timing = RC_SC_LOOSE;
    sc_core::sc_time period = sc_core::sc_time(10, sc_core::SC_NS);   /* one block cycle */
    sc_core::sc_time quantum = sc_core::sc_time(10, sc_core::SC_US);  /* RC_SC_LOOSE */
    const sc_core::sc_clock *clock = nullptr;                         /* RC_SC_CLOCKED */
};

class rc_sc_block : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(rc_sc_block);
    rc_sc_block(sc_core::sc_module_name name, const rc_sc_config &cfg);
    ~rc_sc_block() override;

    /* Sockets by channel / memory-port name (nullptr if the description has none). */
    tlm_utils::simple_target_socket_tagged<rc_sc_block> *target(const char *channel);
    tlm_utils::simple_initiator_socket<rc_sc_block> *memory(const char *port);
    tlm::tlm_analysis_port<rc_sc_txn> *output(const char *channel);

    /* Raised when every side is done (idle, every input taken, memory quiet). */
    const sc_core::sc_event &idle_event() const { return idle_ev_; }
    bool idle() const;
    /* After sc_start: the engine's end checks; reported like a mismatch.  The result. */
    const rc_result &finish();
    /* A standard rcosim vector of what the block saw (inputs, memory read, outputs). */
    int write_vector(const char *path, char *err, size_t errn);
    rc_session *session() { return s_; }

private:
    void run_thread();
    void clocked_method();
    void advance(uint64_t upto);      /* run cycles [cycle, upto) */
    void publish();
    void check();
    void b_transport(int id, tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
    static uint64_t mem_read(void *ctx, uint32_t addr, unsigned bytes);
    static void mem_write(void *ctx, uint32_t addr, unsigned bytes, uint64_t data, uint64_t be);

    struct memctx {
        rc_sc_block *self;
        unsigned port;
        rc_membacking backing;
        tlm::tlm_generic_payload p;   /* reused: a payload's construction allocates */
        uint8_t buf[8], ben[8];
    };
    rc_sc_config cfg_;
    const rc_block_desc *b_;
    rc_session *s_ = nullptr;
    char *report_buf_ = nullptr;
    size_t report_len_ = 0;
    FILE *report_ = nullptr;
    bool reported_ = false;
    std::vector<std::unique_ptr<tlm_utils::simple_target_socket_tagged<rc_sc_block>>> targets_;
    std::vector<int> target_ch_;
    std::vector<std::unique_ptr<tlm_utils::simple_initiator_socket<rc_sc_block>>> mems_;
    std::vector<std::unique_ptr<memctx>> memctx_;
    std::vector<std::unique_ptr<tlm::tlm_analysis_port<rc_sc_txn>>> outs_;   /* by channel */
    size_t published_[RC_MAX_CHANNELS] = {};
    sc_core::sc_event idle_ev_;
    tlm_utils::tlm_quantumkeeper qk_;
};

/* A plain TLM-2.0 memory over the harness's sparse image (4 GiB, absent pages read 0); any
 * number of initiators bind to its socket. */
class rc_sc_memory : public sc_core::sc_module {
public:
    tlm_utils::multi_passthrough_target_socket<rc_sc_memory> socket;
    rc_memimg img;
    explicit rc_sc_memory(sc_core::sc_module_name name);
    ~rc_sc_memory() override;

private:
    void b_transport(int id, tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
};

#endif
