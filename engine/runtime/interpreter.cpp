// Runtime: the interpreter of program ops, async functions and self-rescheduling chains.
#include "runtime/invoke.h"

#include "runtime/backtrackingregex.h"
#include "runtime/jsonheapparser.h"
#include "runtime/pbkdf2.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cmath>
#include <memory>

namespace loopscope {

namespace {

struct DigestContextDeleter
{
    void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

// The operation a chain's steps use, for its first-use cost.
OpKind viaOpKind(ChainVia via)
{
    switch (via) {
    case ChainVia::NextTick:
        return OpKind::NextTick;
    case ChainVia::QueueMicrotask:
        return OpKind::QueueMicrotask;
    case ChainVia::Promise:
        return OpKind::Promise;
    case ChainVia::SetTimeout:
        return OpKind::SetTimeout;
    case ChainVia::SetImmediate:
        return OpKind::SetImmediate;
    }
    return OpKind::Chain;
}

} // namespace

void Runtime::runBlock(const Block& block)
{
    for (const Op& op : block)
        exec(op);
}

void Runtime::exec(const Op& op)
{
    Job job;
    job.label = op.labelId;
    job.body = &op.body();
    const OpKind kind = op.kind == OpKind::Chain ? viaOpKind(op.via) : op.kind;
    const bool firstUse = spendCall(op, kind);
    switch (op.kind) {
    case OpKind::Log:
        log(op.textId, std::uint32_t(op.steps), m_runningLabel);
        break;
    case OpKind::NextTick:
        m_ticks.push(job);
        break;
    case OpKind::QueueMicrotask:
        m_microtasks.push(job);
        break;
    case OpKind::Promise:
        execPromise(op);
        break;
    case OpKind::SetTimeout:
        if (!op.text.empty()) {
            job.handle = m_nextHandle++;
            m_timerNames[op.text.view()] = job.handle;
        }
        setTimer(job, op.ms, 1);
        break;
    case OpKind::SetInterval:
        setTimer(job, op.ms, op.times);
        break;
    case OpKind::SetImmediate:
        if (!op.text.empty()) {
            job.handle = m_nextHandle++;
            m_timerNames[op.text.view()] = job.handle;
        }
        setImmediate(job);
        break;
    case OpKind::ClearTimeout:
        clearTimer(op);
        break;
    case OpKind::ClearImmediate:
        clearImmediate(op);
        break;
    case OpKind::Throw:
        // The step that ends with it rejects its promise (runStep).
        break;
    case OpKind::PromiseAll:
        execCombinator(op);
        break;
    case OpKind::OnUnhandledRejection:
        m_rejectionListeners.push_back(&op);
        break;
    case OpKind::OnBeforeExit:
        m_beforeExitListeners.push_back(&op);
        break;
    case OpKind::OnExit:
        m_exitListeners.push_back(&op);
        break;
    case OpKind::Abort:
        abort(op);
        break;
    case OpKind::Async:
        startAsync(op);
        break;
    case OpKind::Await:
        // Validation keeps await inside async bodies, which continueFrame() runs.
        break;
    case OpKind::ReadFile:
        readFile(op);
        break;
    case OpKind::Stat:
        statFile(op);
        break;
    case OpKind::DnsLookup:
        dnsLookup(op);
        break;
    case OpKind::Pbkdf2:
        pbkdf2(op);
        break;
    case OpKind::HttpGet:
        httpRequest(op);
        break;
    case OpKind::Worker:
        startWorker(op);
        break;
    case OpKind::Block:
        block(op);
        break;
    case OpKind::Repeat:
        for (std::int64_t i = 0; i < op.times; ++i) {
            checkCancelled();
            runBlock(op.body());
        }
        break;
    case OpKind::JsonParse: {
        const UninterruptibleWork marked(*this, Uninterruptible::JsonParse);
        parseJson(op);
        break;
    }
    case OpKind::Regex: {
        const UninterruptibleWork marked(*this, Uninterruptible::Regex);
        matchRegex(op);
        break;
    }
    case OpKind::Pbkdf2Sync: {
        const UninterruptibleWork marked(*this, Uninterruptible::Pbkdf2Sync);
        pbkdf2Sync(op);
        break;
    }
    case OpKind::Chain: {
        ChainState* chain = m_chains.create();
        chain->op = &op;
        scheduleChainStep(chain);
        break;
    }
    }
    if (firstUse)
        spendAfterFirstUse(kind);
}

Runtime::UninterruptibleWork::UninterruptibleWork(Runtime& runtime, Uninterruptible what)
    : m_runtime(runtime)
    , m_what(what)
{
    m_runtime.m_live.uninterruptible.store(std::uint8_t(what), std::memory_order_relaxed);
    if (std::atomic<int>* count = workerCount())
        count->fetch_add(1, std::memory_order_relaxed);
}

Runtime::UninterruptibleWork::~UninterruptibleWork()
{
    m_runtime.m_live.uninterruptible.store(std::uint8_t(Uninterruptible::None), std::memory_order_relaxed);
    if (std::atomic<int>* count = workerCount())
        count->fetch_sub(1, std::memory_order_relaxed);
}

std::atomic<int>* Runtime::UninterruptibleWork::workerCount() const
{
    if (&m_runtime.poolLive() == &m_runtime.m_live)
        return nullptr; // the main loop
    LiveState& main = m_runtime.poolLive();
    return m_what == Uninterruptible::Regex    ? &main.workersInRegex
        : m_what == Uninterruptible::JsonParse ? &main.workersInJsonParse
                                               : &main.workersInPbkdf2Sync;
}

void Runtime::scheduleChainStep(ChainState* chain)
{
    Job job;
    job.action = Job::Action::ChainStep;
    job.label = chain->op->labelId;
    job.chain = chain;
    switch (chain->op->via) {
    case ChainVia::NextTick:
        m_ticks.push(job);
        break;
    case ChainVia::QueueMicrotask:
        m_microtasks.push(job);
        break;
    case ChainVia::Promise:
        // Promise.resolve().then(next): the reaction is queued at once.
        job.jobKind = JobKind::PromiseReactionJob;
        m_microtasks.push(job);
        break;
    case ChainVia::SetTimeout:
        setTimer(job, chain->op->ms, 1);
        break;
    case ChainVia::SetImmediate:
        setImmediate(job);
        break;
    }
}

void Runtime::runChainStep(ChainState* chain)
{
    runBlock(chain->op->body());
    if (++chain->step < chain->op->times) {
        scheduleChainStep(chain);
        return;
    }
    const Op* op = chain->op;
    m_chains.release(chain);
    runBlock(op->done());
}

void Runtime::log(std::uint32_t label, std::uint32_t steps, std::uint32_t from)
{
    if (m_options.onWorkerLog) {
        // A worker's console goes through its parent, as worker_threads stdout does.
        m_options.onWorkerLog(label, from);
        return;
    }
    if (m_options.onLog)
        m_options.onLog(m_recording.strings.at(label));
    m_rec.text(RecordType::Log, label, m_rec.now(), from, Recorder::OwnThread, steps);
}

// The order payload of the json-parse scenario, built before the program runs.
void Runtime::preparePayloads(const Block& block)
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
void Runtime::pbkdf2Sync(const Op& op)
{
    const std::int64_t iterations = std::max<std::int64_t>(
        1, std::llround(double(op.iterations) * std::max(1.0, m_options.costs.blocking.pbkdf2)));
    unsigned char key[32];
    derivePbkdf2("correct horse", "bookstore-salt", iterations, op.digest, key, sizeof key, nullptr);
}

// JSON.parse builds every value of the payload; the calibrated passes (BlockingCalibration) make
// it cost what V8's parse, with its heap and collector, costs on this machine.
void Runtime::parseJson(const Op& op)
{
    const std::string& payload = m_payloads[op.megabytes];
    const double passes = std::max(1.0, m_options.costs.blocking.jsonParse);
    for (double done = 0; done < passes; done += 1) {
        const double part = std::min(1.0, passes - done);
        JsonHeapParser parser;
        const std::size_t budget = part < 1 ? std::size_t(part * double(payload.size())) : JsonHeapParser::Whole;
        if (!parser.parse(payload, budget)) {
            recordError("JSON.parse: " + parser.error(), m_runningLabel);
            return;
        }
    }
}

// The coupon patterns' backtracking, as irregexp does it on the same input; the calibrated passes
// repeat the match (the last one in part, by its steps) to cost what Node's code costs: its
// interpreter for a pattern's first test on this thread, its native code after that.
void Runtime::matchRegex(const Op& op)
{
    const std::uint8_t pattern = op.vulnerable ? 1 : 2;
    const bool first = !(m_testedPatterns & pattern);
    m_testedPatterns |= pattern;
    BacktrackingRegex regex(op.vulnerable ? "^([A-Z0-9]+-?)+$" : "^[A-Z0-9]+(-[A-Z0-9]+)*$");
    const std::string input = std::string("BOOKSTORE2026BOOKSTORE2026BOOK").substr(0, std::size_t(op.length - 1)) + "!";
    (void)regex.test(input);
    const std::uint64_t steps = regex.steps();
    const BlockingCalibration& calibration = m_options.costs.blocking;
    const double passes = std::max(1.0, first ? calibration.regexFirst : calibration.regex);
    for (double done = 1; done < passes; done += 1) {
        const double part = std::min(1.0, passes - done);
        (void)regex.test(input, part < 1 ? std::uint64_t(part * double(steps)) : BacktrackingRegex::Unlimited);
    }
}

// Synchronous SHA-256 over random strings: the compute scenarios' blocking hash loop.
void Runtime::block(const Op& op)
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
            checkCancelled();
            step();
        }
    } else {
        // Node spends more per update than the hash (a Buffer, a hex string, their collection): the
        // calibrated passes are more updates of the same work.
        const auto iterations
            = std::int64_t(std::llround(double(op.iterations) * std::max(1.0, m_options.costs.blocking.hash)));
        for (std::int64_t i = 0; i < iterations; ++i) {
            if ((i & 255) == 0)
                checkCancelled();
            step();
        }
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(ctx.get(), digest, &length);
}

// Async functions: a cursor stack that can stop at an await and pick up later.
void Runtime::startAsync(const Op& op)
{
    AsyncFrame* frame = m_frames.create();
    frame->stack.push_back({ &op.body(), 0, 1 });
    continueFrame(frame);
}

void Runtime::continueFrame(AsyncFrame* frame)
{
    while (!frame->stack.empty()) {
        AsyncFrame::Cursor& cursor = frame->stack.back();
        if (cursor.index == cursor.block->size()) {
            if (cursor.remaining > 1) {
                --cursor.remaining;
                cursor.index = 0;
                checkCancelled();
                continue;
            }
            frame->stack.pop_back();
            continue;
        }
        const Op& op = (*cursor.block)[cursor.index++];
        if (op.kind == OpKind::Await) {
            awaitIn(frame, op);
            return;
        }
        if (op.kind == OpKind::Repeat) {
            frame->stack.push_back({ &op.body(), 0, op.times });
            continue;
        }
        exec(op);
    }
    m_frames.release(frame);
}

void Runtime::awaitIn(AsyncFrame* frame, const Op& op)
{
    Job resume;
    resume.action = Job::Action::Resume;
    resume.jobKind = JobKind::PromiseReactionJob;
    resume.label = op.labelId;
    resume.frame = frame;

    switch (op.await) {
    case AwaitKind::Value:
    case AwaitKind::Promise:
        if (op.await == AwaitKind::Value || m_program->awaitModel != AwaitModel::Node10) {
            // promiseResolve(v) is settled, so its reaction is queued at once: one tick.
            m_microtasks.push(resume);
            return;
        }
        {
            // Node 10: a throwaway promise resolved with v, which is a thenable:
            // PromiseResolveThenableJob, then two PromiseReactionJobs.
            Promise* value = m_promises.create();
            m_promises.fulfill(value);
            Promise* throwaway = m_promises.create();
            m_promises.resolve(throwaway, value);
            m_promises.then(throwaway, resume);
            m_promises.release(value);
            m_promises.release(throwaway);
        }
        return;
    case AwaitKind::Thenable:
        // await { then(resolve) { resolve(); } }: the thenable is no promise, so await wraps it in one
        // resolved with it, which costs a PromiseResolveThenableJob; its then() resolves the wrapper at
        // once, and the reaction that resumes the function is queued then: two ticks.
        resume.action = Job::Action::ThenableResume;
        resume.jobKind = JobKind::PromiseResolveThenableJob;
        m_microtasks.push(resume);
        return;
    case AwaitKind::Sleep:
    case AwaitKind::Immediate:
    case AwaitKind::TimersSetTimeout:
    case AwaitKind::TimersSetImmediate: {
        // await new Promise((resolve) => setTimeout(resolve, ms)) or setImmediate(resolve); timers/promises'
        // setTimeout and setImmediate make the same promise, a Timeout or an Immediate whose callback is
        // its resolve, inserted as the global functions insert theirs. Given a signal, they are abortable.
        if (!op.text.empty()) {
            awaitWithSignal(frame, op);
            return;
        }
        Promise* pending = m_promises.create();
        Job settle;
        settle.action = Job::Action::Fulfill;
        settle.label = op.labelId;
        settle.promise = pending;
        m_promises.retain(pending);
        if (op.await == AwaitKind::Sleep || op.await == AwaitKind::TimersSetTimeout) {
            const bool firstUse = spendFirstUse(OpKind::SetTimeout);
            setTimer(settle, op.ms, 1);
            if (firstUse)
                spendAfterFirstUse(OpKind::SetTimeout);
        } else {
            spendFirstUse(OpKind::SetImmediate);
            setImmediate(settle);
        }
        m_promises.then(pending, resume);
        m_promises.release(pending);
        return;
    }
    }
}

void Runtime::internLabels(const Block& block)
{
    StringTable& strings = m_recording.strings;
    for (const Op& op : block) {
        op.labelId = strings.intern(op.label());
        op.site = m_siteCount++;
        if (op.kind == OpKind::Log)
            op.textId = strings.intern(op.text.view());
        internLabels(op.body());
        internLabels(op.done());
        for (const Block& body : op.chain())
            internLabels(body);
    }
}

std::uint32_t Runtime::internDynamic(const std::string& text)
{
    // The string table has one writer, the main loop thread; workers use a generic label.
    return m_options.parent ? m_labels.workerError : m_recording.strings.intern(text);
}

void Runtime::recordError(const std::string& text, std::uint32_t deliveredTo)
{
    m_rec.text(RecordType::Error, internDynamic(text), m_rec.now(), deliveredTo);
}

} // namespace loopscope
