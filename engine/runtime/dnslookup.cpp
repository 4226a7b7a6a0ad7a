// ThreadPoolWork: dns.lookup, which is uv_getaddrinfo on the thread pool.
#include "runtime/invoke.h"

#include "runtime/addrinfoprobe.h"
#include "runtime/interpreter.h"

#include <netdb.h>

namespace loopscope {

// One dns.lookup in flight.
struct DnsRequest
{
    uv_getaddrinfo_t req {};
    ThreadPoolWork* owner = nullptr;
    const Op* op = nullptr;
    std::uint32_t epoch = 0; // RuntimeContext::epoch when the program asked for it
    std::int64_t queuedAt = 0;
    std::uint64_t boardId = 0;
    const char* hostname = nullptr; // libuv's copy, the probe's key; freed before the callback runs
};

void ThreadPoolWork::dnsLookup(const Op& op)
{
    auto lookup = std::make_unique<DnsRequest>();
    lookup->queuedAt = m_ctx.rec.now();
    lookup->owner = this;
    lookup->op = &op;
    lookup->epoch = m_ctx.epoch;
    lookup->req.data = lookup.get();
    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_ADDRCONFIG;
    m_ctx.spendPoolStart();
    const int rc = uv_getaddrinfo(
        &m_ctx.loop, &lookup->req,
        [](uv_getaddrinfo_t* req, int status, addrinfo* result) {
            std::unique_ptr<DnsRequest> done(static_cast<DnsRequest*>(req->data));
            uv_freeaddrinfo(result);
            done->owner->lookupDone(*done, status);
        },
        op.host().c_str(), nullptr, &hints);
    if (rc != 0) {
        m_ctx.recordError(std::string("dns.lookup: ") + uv_strerror(rc), m_ctx.runningLabel);
        return;
    }
    ++m_inFlight;
    DnsRequest* inFlight = lookup.release(); // libuv holds it until the callback
    if (m_ctx.poolBoard)
        inFlight->boardId = m_ctx.poolBoard->queued(m_ctx.labels.getaddrinfo, inFlight->queuedAt);
    inFlight->hostname = inFlight->req.hostname;
    AddrinfoProbe::expect(inFlight->hostname, m_ctx.poolBoard, inFlight->boardId, &m_ctx.poolLive());
}

void ThreadPoolWork::lookupDone(const DnsRequest& lookup, int status)
{
    --m_inFlight;
    const AddrinfoProbe::Timing timing = AddrinfoProbe::take(lookup.hostname);
    if (m_ctx.poolBoard)
        m_ctx.poolBoard->finished(lookup.boardId);
    if (timing.startedNs >= 0) {
        const std::int64_t origin = m_ctx.rec.clock().originNs();
        m_ctx.rec.pool(m_ctx.labels.getaddrinfo, timing.worker, timing.startedNs - origin - lookup.queuedAt,
            timing.startedNs - origin, timing.finishedNs - origin, m_ctx.iteration);
    }
    if (m_ctx.aborted || m_ctx.cancelled() || lookup.epoch != m_ctx.epoch)
        return;
    const Op& op = *lookup.op;
    m_callbacks.fromLoop([&] {
        // Node hands the error to the callback: dns.lookup's err argument.
        if (status != 0)
            m_ctx.recordError("dns.lookup " + op.host() + ": " + uv_err_name(status), op.labelId);
        m_callbacks.invoke(op.labelId, CallbackKind::Io, [&] { m_interpreter.runBlock(op.body()); });
    });
}

} // namespace loopscope
