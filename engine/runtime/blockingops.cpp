// BlockingOps: synchronous work that holds the loop thread, calibrated to cost what Node's costs.
#include "runtime/blockingops.h"

#include "runtime/backtrackingregex.h"
#include "runtime/jsonheapparser.h"
#include "runtime/pbkdf2.h"
#include "runtime/runtimecontext.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace loopscope {

namespace {

struct DigestContextDeleter
{
    void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

} // namespace

BlockingOps::BlockingOps(RuntimeContext& context)
    : m_ctx(context)
{ }

void BlockingOps::run(const Op& op)
{
    switch (op.kind) {
    case OpKind::Block:
        block(op);
        break;
    case OpKind::JsonParse: {
        const UninterruptibleWork marked(m_ctx, Uninterruptible::JsonParse);
        parseJson(op);
        break;
    }
    case OpKind::Regex: {
        const UninterruptibleWork marked(m_ctx, Uninterruptible::Regex);
        matchRegex(op);
        break;
    }
    case OpKind::Pbkdf2Sync: {
        const UninterruptibleWork marked(m_ctx, Uninterruptible::Pbkdf2Sync);
        pbkdf2Sync(op);
        break;
    }
    default:
        break;
    }
}

BlockingOps::UninterruptibleWork::UninterruptibleWork(RuntimeContext& context, Uninterruptible what)
    : m_ctx(context)
    , m_what(what)
{
    m_ctx.live.uninterruptible.store(std::uint8_t(what), std::memory_order_relaxed);
    if (std::atomic<int>* count = workerCount())
        count->fetch_add(1, std::memory_order_relaxed);
}

BlockingOps::UninterruptibleWork::~UninterruptibleWork()
{
    m_ctx.live.uninterruptible.store(std::uint8_t(Uninterruptible::None), std::memory_order_relaxed);
    if (std::atomic<int>* count = workerCount())
        count->fetch_sub(1, std::memory_order_relaxed);
}

std::atomic<int>* BlockingOps::UninterruptibleWork::workerCount() const
{
    if (&m_ctx.poolLive() == &m_ctx.live)
        return nullptr; // the main loop
    LiveState& main = m_ctx.poolLive();
    return m_what == Uninterruptible::Regex    ? &main.workersInRegex
        : m_what == Uninterruptible::JsonParse ? &main.workersInJsonParse
                                               : &main.workersInPbkdf2Sync;
}

// The order payload of the json-parse scenario, built before the program runs.
void BlockingOps::preparePayloads(const Block& block)
{
    for (const Op& op : block) {
        if (op.kind == OpKind::JsonParse && !m_payloads.count(op.megabytes)) {
            std::string payload = "[";
            const std::size_t target = std::size_t(op.megabytes) * 1024 * 1024;
            for (std::int64_t i = 0; payload.size() < target; ++i) {
                if (i > 0)
                    payload += ',';
                payload += "{\"orderId\":" + std::to_string(i)
                    + ",\"isbn\":\"9780441172719\",\"quantity\":2,\"unitPrice\":349.9,\"status\":\"Paid\"}";
            }
            payload += ']';
            m_payloads.emplace(op.megabytes, std::move(payload));
        }
        if (op.kind != OpKind::Worker)
            preparePayloads(op.body());
        preparePayloads(op.done());
        for (const Block& body : op.chain())
            preparePayloads(body);
    }
}

// crypto.pbkdf2Sync derives its key on the calling thread, the loop's, in the calibrated iterations async
// pbkdf2 takes on a pool thread (BlockingCalibration), with no pause: the loop itself is the one held.
void BlockingOps::pbkdf2Sync(const Op& op)
{
    const std::int64_t iterations = std::max<std::int64_t>(
        1, std::llround(double(op.iterations) * std::max(1.0, m_ctx.options.costs.blocking.pbkdf2)));
    unsigned char key[32];
    derivePbkdf2("correct horse", "bookstore-salt", iterations, op.digest, key, sizeof key, nullptr);
}

// JSON.parse builds every value of the payload; the calibrated passes (BlockingCalibration) make
// it cost what V8's parse, with its heap and collector, costs on this machine.
void BlockingOps::parseJson(const Op& op)
{
    const std::string& payload = m_payloads[op.megabytes];
    const double passes = std::max(1.0, m_ctx.options.costs.blocking.jsonParse);
    for (double done = 0; done < passes; done += 1) {
        const double part = std::min(1.0, passes - done);
        JsonHeapParser parser;
        const std::size_t budget = part < 1 ? std::size_t(part * double(payload.size())) : JsonHeapParser::Whole;
        if (!parser.parse(payload, budget)) {
            m_ctx.recordError("JSON.parse: " + parser.error(), m_ctx.runningLabel);
            return;
        }
    }
}

// The coupon patterns' backtracking, as irregexp does it on the same input; the calibrated passes
// repeat the match (the last one in part, by its steps) to cost what Node's code costs: its
// interpreter for a pattern's first test on this thread, its native code after that.
void BlockingOps::matchRegex(const Op& op)
{
    const std::uint8_t pattern = op.vulnerable ? 1 : 2;
    const bool first = !(m_testedPatterns & pattern);
    m_testedPatterns |= pattern;
    BacktrackingRegex regex(op.vulnerable ? "^([A-Z0-9]+-?)+$" : "^[A-Z0-9]+(-[A-Z0-9]+)*$");
    const std::string input = std::string("BOOKSTORE2026BOOKSTORE2026BOOK").substr(0, std::size_t(op.length - 1)) + "!";
    (void)regex.test(input);
    const std::uint64_t steps = regex.steps();
    const BlockingCalibration& calibration = m_ctx.options.costs.blocking;
    const double passes = std::max(1.0, first ? calibration.regexFirst : calibration.regex);
    for (double done = 1; done < passes; done += 1) {
        const double part = std::min(1.0, passes - done);
        (void)regex.test(input, part < 1 ? std::uint64_t(part * double(steps)) : BacktrackingRegex::Unlimited);
    }
}

// Synchronous SHA-256 over random strings: the compute scenarios' blocking hash loop.
void BlockingOps::block(const Op& op)
{
    std::unique_ptr<EVP_MD_CTX, DigestContextDeleter> ctx(EVP_MD_CTX_new());
    EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr);
    unsigned char raw[100];
    char hex[200];
    static const char digits[] = "0123456789abcdef";
    auto step = [&] {
        RAND_bytes(raw, sizeof raw);
        for (std::size_t i = 0; i < sizeof raw; ++i) {
            hex[2 * i] = digits[raw[i] >> 4];
            hex[2 * i + 1] = digits[raw[i] & 15];
        }
        EVP_DigestUpdate(ctx.get(), hex, sizeof hex);
    };
    if (op.blocksForMs()) {
        const std::int64_t end = monotonicNs() + std::int64_t(op.ms) * 1'000'000;
        while (monotonicNs() < end) {
            m_ctx.checkCancelled();
            step();
        }
    } else {
        // Node spends more per update than the hash (a Buffer, a hex string, their collection): the
        // calibrated passes are more updates of the same work.
        const auto iterations
            = std::int64_t(std::llround(double(op.iterations) * std::max(1.0, m_ctx.options.costs.blocking.hash)));
        for (std::int64_t i = 0; i < iterations; ++i) {
            if ((i & 255) == 0)
                m_ctx.checkCancelled();
            step();
        }
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(ctx.get(), digest, &length);
}

} // namespace loopscope
