// Runtime: dns.lookup, which is uv_getaddrinfo on the thread pool.
#include "runtime/invoke.h"

#include "runtime/addrinfoprobe.h"

#include <netdb.h>

namespace loopscope {

// One dns.lookup in flight.
struct DnsRequest
{
    uv_getaddrinfo_t req {};
    Runtime* runtime = nullptr;
    const Op* op = nullptr;
    std::uint32_t epoch = 0; // Runtime::m_epoch when the program asked for it
    std::int64_t queuedAt = 0;
    std::uint64_t boardId = 0;
    const char* hostname = nullptr; // libuv's copy, the probe's key; freed before the callback runs
};

void Runtime::dnsLookup(const Op& op)
{
    auto lookup = std::make_unique<DnsRequest>();
    lookup->queuedAt = m_rec.now();
    lookup->runtime = this;
    lookup->op = &op;
    lookup->epoch = m_epoch;
    lookup->req.data = lookup.get();
    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_ADDRCONFIG;
    const int rc = uv_getaddrinfo(
        &m_loop, &lookup->req,
        [](uv_getaddrinfo_t* req, int status, addrinfo* result) {
            std::unique_ptr<DnsRequest> done(static_cast<DnsRequest*>(req->data));
            uv_freeaddrinfo(result);
            done->runtime->lookupDone(*done, status);
        },
        op.host().c_str(), nullptr, &hints);
    if (rc != 0) {
        recordError(std::string("dns.lookup: ") + uv_strerror(rc), m_runningLabel);
        return;
    }
    ++m_poolInFlight;
    DnsRequest* inFlight = lookup.release(); // libuv holds it until the callback
    if (m_poolBoard)
        inFlight->boardId = m_poolBoard->queued(m_labels.getaddrinfo, inFlight->queuedAt);
    inFlight->hostname = inFlight->req.hostname;
    AddrinfoProbe::expect(inFlight->hostname, m_poolBoard, inFlight->boardId, &poolLive());
}

void Runtime::lookupDone(const DnsRequest& lookup, int status)
{
    --m_poolInFlight;
    const AddrinfoProbe::Timing timing = AddrinfoProbe::take(lookup.hostname);
    if (m_poolBoard)
        m_poolBoard->finished(lookup.boardId);
    if (timing.startedNs >= 0) {
        const std::int64_t origin = m_rec.clock().originNs();
        m_rec.pool(m_labels.getaddrinfo, timing.worker, timing.startedNs - origin - lookup.queuedAt,
            timing.startedNs - origin, timing.finishedNs - origin, m_iteration);
    }
    if (m_aborted || cancelled() || lookup.epoch != m_epoch)
        return;
    const Op& op = *lookup.op;
    fromLoop([&] {
        // Node hands the error to the callback: dns.lookup's err argument.
        if (status != 0)
            recordError("dns.lookup " + op.host() + ": " + uv_err_name(status), op.labelId);
        invoke(op.labelId, CallbackKind::Io, [&] { runBlock(op.body()); });
    });
}

} // namespace loopscope
