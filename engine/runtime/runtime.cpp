#include "runtime/runtime.h"

#include "formats/jsonvalue.h"
#include "net/httpserver.h"
#include "runtime/addrinfoprobe.h"
#include "runtime/workerhost.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <fcntl.h>
#include <netdb.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cmath>
#include <limits>
#include <memory>
#include <regex>
#include <utility>

namespace loopscope {

struct Promise
{
    std::uint32_t refs = 1;
    bool fulfilled = false;
    std::vector<Job> reactions;
};

struct AsyncFrame
{
    struct Cursor
    {
        const Block* block;
        std::size_t index;
        std::int64_t remaining; // passes of `block` left, this one included
    };
    std::vector<Cursor> stack;
};

struct ChainState
{
    const Op* op = nullptr;
    std::int64_t step = 0;
};

struct Timer
{
    Job job;
    double msecs = 1;
    double idleStart = 0;
    std::int64_t runs = 1; // runs left, this one included: 1 for setTimeout
    Timer* prev = nullptr;
    Timer* next = nullptr;
};

struct TimerList
{
    double msecs = 1;
    double expiry = 0;
    std::uint64_t id = 0;
    std::size_t heapIndex = 0;
    Timer* head = nullptr;
    Timer* tail = nullptr;
};

// One thread-pool request. The work callback runs on a pool thread and only
// writes this item; the loop thread reads it after libuv hands it back.
struct PoolItem
{
    enum class Kind : std::uint8_t { FsOpen, FsFstat, FsRead, FsClose, FsStat, Pbkdf2 };

    uv_work_t req {};
    Runtime* runtime = nullptr;
    LiveState* live = nullptr;
    const Op* op = nullptr;
    Kind kind = Kind::FsOpen;
    std::uint32_t label = 0;
    std::int64_t originNs = 0;
    std::int64_t queuedAt = 0;
    std::int64_t startedAt = 0;
    std::int64_t finishedAt = 0;
    std::uint16_t worker = 0;
    PoolBoard* board = nullptr;
    std::uint64_t boardId = 0;
    std::string path;
    int fd = -1;
    std::int64_t size = 0;
    std::int64_t position = 0;
    std::int64_t result = 0; // >= 0 success, else -errno
    std::vector<unsigned char> buffer;
};

namespace {

constexpr double TimeoutMax = 2147483647.0;
constexpr std::int64_t SampleIntervalNs = 1'000'000;

// Node's coercion in lib/internal/timers.js: anything outside 1..TIMEOUT_MAX becomes 1.
double coerceTimeout(double ms)
{
    if (!(ms >= 1 && ms <= TimeoutMax))
        return 1;
    return ms;
}

struct DigestContextDeleter
{
    void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

template <typename T> void forgetFrom(std::vector<T*>& live, T* item)
{
    auto found = std::find(live.rbegin(), live.rend(), item);
    if (found != live.rend()) {
        *found = live.back();
        live.pop_back();
    }
}

} // namespace

Runtime::Runtime(uv_loop_t& loop, Recording& recording, LiveState& live, std::shared_ptr<const Program> program,
    RuntimeOptions options)
    : m_loop(loop)
    , m_recording(recording)
    , m_live(live)
    , m_program(std::move(program))
    , m_options(std::move(options))
    , m_rec(m_options.log ? *m_options.log : recording.mainLog(), recording.strings,
          m_options.originNs ? m_options.originNs : monotonicNs(), m_options.thread)
    , m_control(m_options.control)
    , m_poolBoard(m_options.poolBoard)
{
    m_rec.setEnabled(m_options.record);
}

Runtime::~Runtime()
{
    for (Promise* promise : m_promises)
        delete promise;
    for (AsyncFrame* frame : m_frames)
        delete frame;
    for (ChainState* chain : m_chains)
        delete chain;
    for (TimerList* list : m_timerHeap) {
        for (Timer* timer = list->head; timer;) {
            Timer* next = timer->next;
            delete timer;
            timer = next;
        }
        delete list;
    }
}

void Runtime::internLabels(const Block& block)
{
    StringTable& strings = m_recording.strings;
    for (const Op& op : block) {
        op.labelId = strings.intern(op.label);
        if (op.kind == OpKind::Log)
            op.textId = strings.intern(op.text);
        internLabels(op.body);
        internLabels(op.done);
        for (const Block& body : op.chain)
            internLabels(body);
    }
}

void Runtime::start()
{
    assert(!m_started);
    m_started = true;
    StringTable& strings = m_recording.strings;
    if (const Runtime* parent = m_options.parent) {
        // Only the main loop thread may intern; a worker shares the ids interned there.
        m_mainLabel = parent->m_mainLabel;
        m_esmLoaderLabel = parent->m_esmLoaderLabel;
        std::copy(std::begin(parent->m_fsLabels), std::end(parent->m_fsLabels), std::begin(m_fsLabels));
        m_fsStatLabel = parent->m_fsStatLabel;
        m_pbkdf2Label = parent->m_pbkdf2Label;
        m_getaddrinfoLabel = parent->m_getaddrinfoLabel;
        m_serverLabel = parent->m_serverLabel;
        m_workerErrorLabel = parent->m_workerErrorLabel;
        m_socketCloseLabel = parent->m_socketCloseLabel;
    } else {
        m_mainLabel = strings.intern("main");
        m_esmLoaderLabel = strings.intern("ESM loader: module ready");
        m_fsLabels[0] = strings.intern("fs.open");
        m_fsLabels[1] = strings.intern("fs.fstat");
        m_fsLabels[2] = strings.intern("fs.read");
        m_fsLabels[3] = strings.intern("fs.close");
        m_fsStatLabel = strings.intern("fs.stat");
        m_pbkdf2Label = strings.intern("pbkdf2");
        m_getaddrinfoLabel = strings.intern("getaddrinfo");
        m_serverLabel = strings.intern("HTTP server: GET /health");
        m_workerErrorLabel = strings.intern("worker: error");
        m_socketCloseLabel = strings.intern("socket closed");
        internLabels(m_program->main);
        for (EventLog* log : m_options.workerLogs) {
            (void)log;
            m_workers.emplace_back();
        }
    }

    uv_timer_init(&m_loop, &m_timerHandle);
    uv_prepare_init(&m_loop, &m_prepareHandle);
    uv_check_init(&m_loop, &m_checkHandle);
    uv_idle_init(&m_loop, &m_idleHandle);
    uv_timer_init(&m_loop, &m_delayTimer);
    for (uv_handle_t* handle : { reinterpret_cast<uv_handle_t*>(&m_timerHandle),
             reinterpret_cast<uv_handle_t*>(&m_prepareHandle), reinterpret_cast<uv_handle_t*>(&m_checkHandle),
             reinterpret_cast<uv_handle_t*>(&m_idleHandle), reinterpret_cast<uv_handle_t*>(&m_delayTimer) }) {
        handle->data = this;
        ++m_openHandles;
    }
    // Instrumentation must not keep the loop alive; Node's own check handle is unreferenced too.
    uv_prepare_start(&m_prepareHandle, &Runtime::onPrepareHandle);
    uv_unref(reinterpret_cast<uv_handle_t*>(&m_prepareHandle));
    uv_check_start(&m_checkHandle, &Runtime::onCheckHandle);
    uv_unref(reinterpret_cast<uv_handle_t*>(&m_checkHandle));

    if (!m_options.parent)
        startServer();
    preparePayloads(m_program->main);

    uv_update_time(&m_loop);
    m_timerBase = double(uv_now(&m_loop));
    m_nextExpiry = std::numeric_limits<double>::infinity();

    if (m_program->module == ModuleKind::Esm && !m_options.parent) {
        // Node evaluates an ES module inside a promise job once the loader has read
        // the file, which it does with thread-pool I/O: the body runs from poll.
        auto* item = new PoolItem;
        item->kind = PoolItem::Kind::FsStat;
        item->label = m_fsStatLabel;
        item->path = m_options.readFilePath;
        submit(item);
        return;
    }
    try {
        invoke(m_mainLabel, CallbackKind::Main, [this] { runBlock(m_program->main); });
        if (m_options.onWorkerDone)
            m_options.onWorkerDone();
    } catch (const Aborted&) {
        abortRun();
    }
}

void Runtime::startServer()
{
    StringTable& strings = m_recording.strings;
    m_server = std::make_unique<HttpServer>(m_loop);
    const int listened = m_server->listen([this](std::string_view, std::string_view, int) {
        // The request arrived through the poller: an I/O callback in the poll phase.
        try {
            invoke(m_serverLabel, CallbackKind::Io, [] {});
        } catch (const Aborted&) {
            abortRun();
        }
    });
    m_server->setCloseHook([this](bool closed) { socketClosing(closed); });
    if (listened == 0)
        m_live.healthPort.store(m_server->port());
    else
        m_rec.text(RecordType::Error,
            strings.intern(std::string("HTTP server: cannot listen on 127.0.0.1: ") + uv_strerror(listened)),
            m_rec.now());
}

void Runtime::inject(std::shared_ptr<const Program> workload)
{
    if (m_aborted || m_closed)
        return;
    internLabels(workload->main);
    m_workloads.push_back(workload);
    const std::uint32_t label = internDynamic(workload->title.empty() ? workload->name : workload->title);
    try {
        invoke(label, CallbackKind::Io, [this, &workload] { runBlock(workload->main); });
    } catch (const Aborted&) {
        abortRun();
    }
}

void Runtime::shutdown()
{
    if (m_closed || !m_started)
        return;
    m_closed = true;
    for (std::size_t slot = 0; slot < m_workers.size(); ++slot) {
        if (m_workers[slot].host) {
            m_workers[slot].host->terminate();
            m_workers[slot].host->close([this, slot] { m_workers[slot].host.reset(); });
        }
    }
    while (!m_requests.empty())
        httpCancel(m_requests.begin()->second);
    if (m_server)
        m_server->close();
    auto onClosed = [](uv_handle_t* handle) { --static_cast<Runtime*>(handle->data)->m_openHandles; };
    uv_close(reinterpret_cast<uv_handle_t*>(&m_timerHandle), onClosed);
    uv_close(reinterpret_cast<uv_handle_t*>(&m_prepareHandle), onClosed);
    uv_close(reinterpret_cast<uv_handle_t*>(&m_checkHandle), onClosed);
    uv_close(reinterpret_cast<uv_handle_t*>(&m_idleHandle), onClosed);
    uv_close(reinterpret_cast<uv_handle_t*>(&m_delayTimer), onClosed);
}

void Runtime::setDelayMonitor(bool on, int resolutionMs)
{
    if (m_closed || !m_started)
        return;
    if (!on) {
        uv_timer_stop(&m_delayTimer);
        return;
    }
    // Like Node's ELDHistogram: an unreferenced native timer; each sample is the time
    // between two of its callbacks, so an idle loop shows the resolution itself.
    m_delayPrevNs = 0;
    const std::uint64_t every = std::uint64_t(resolutionMs < 1 ? 1 : resolutionMs);
    uv_timer_start(&m_delayTimer, &Runtime::onDelayTimer, every, every);
    uv_unref(reinterpret_cast<uv_handle_t*>(&m_delayTimer));
}

void Runtime::onDelayTimer(uv_timer_t* handle)
{
    auto* self = static_cast<Runtime*>(handle->data);
    const std::int64_t now = self->m_rec.now();
    // Event-loop utilization as Node's performance.eventLoopUtilization() computes it:
    // the share of the window the loop did not spend idle in the poller.
    const std::uint64_t idle = uv_metrics_idle_time(&self->m_loop);
    if (self->m_delayPrevNs > 0) {
        const double window = double(now - self->m_delayPrevNs);
        const double idleShare = double(idle - self->m_delayPrevIdleNs) / window;
        const double utilization = std::clamp(1.0 - idleShare, 0.0, 1.0);
        self->m_rec.latency(now, window / 1e6, -1, utilization);
    }
    self->m_delayPrevNs = now;
    self->m_delayPrevIdleNs = idle;
}

void Runtime::loopEnded()
{
    finishIteration();
    sampleQueues(m_rec.now(), true);
    m_rec.flush();
}

void Runtime::abortRun()
{
    if (m_aborted)
        return;
    m_aborted = true;
    m_cancelled = true;
    m_ticks.clear();
    m_microtasks.clear();
    m_immediates.clear();
    m_runningImmediates.clear();
    if (!m_closed) {
        uv_idle_stop(&m_idleHandle);
        uv_timer_stop(&m_timerHandle);
    }
    m_idleActive = false;
    for (WorkerSlot& worker : m_workers) {
        if (worker.host)
            worker.host->terminate();
    }
    m_rec.text(RecordType::Error, internDynamic("run aborted"), m_rec.now());
    m_rec.flush();
    uv_stop(&m_loop);
}

// ---------------------------------------------------------------------------
// Callbacks and the drain rule.

template <typename F> void Runtime::invoke(std::uint32_t label, CallbackKind kind, F&& body)
{
    invokeFrom(m_rec.now(), label, kind, std::forward<F>(body));
}

template <typename F>
std::int64_t Runtime::invokeFrom(std::int64_t start, std::uint32_t label, CallbackKind kind, F&& body)
{
    checkCancelled();
    boundary(start, false);
    m_live.callbackLabel.store(label, std::memory_order_relaxed);
    m_live.callbackKind.store(std::uint8_t(kind), std::memory_order_relaxed);
    m_live.callbackStartNs.store(start, std::memory_order_relaxed);
    m_live.inCallback.store(true, std::memory_order_relaxed);
    m_depth = 1;
    body();
    drain();
    m_depth = 0;
    const std::int64_t end = m_rec.now();
    m_live.inCallback.store(false, std::memory_order_relaxed);
    // Only this loop thread writes the count, so a relaxed load and store do what a
    // locked add would, without its cost of several nanoseconds per callback.
    m_live.callbacks.store(m_live.callbacks.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    m_rec.callback(label, kind, start, end, m_iteration, 1);
    return end;
}

// After every callback: all nextTicks (including ones added meanwhile), then
// every microtask, and again while ticks remain (processTicksAndRejections).
void Runtime::drain()
{
    if (m_ticks.empty() && m_microtasks.empty())
        return;
    m_depth = 2;
    do {
        std::int64_t start = m_rec.now();
        std::uint32_t sinceSample = 0;
        while (!m_ticks.empty()) {
            checkCancelled();
            const Job job = m_ticks.pop();
            runJob(job);
            const std::int64_t end = m_rec.now();
            m_rec.callback(job.label, CallbackKind::NextTick, start, end, m_iteration, 2);
            boundary(end, false);
            start = end;
            if (++sinceSample == 1024) {
                sinceSample = 0;
                m_live.callbacks.fetch_add(1024, std::memory_order_relaxed);
                sampleQueues(end);
            }
        }
        runMicrotasks();
    } while (!m_ticks.empty());
}

// V8's microtask checkpoint: run jobs until the queue is empty, new ones included.
void Runtime::runMicrotasks()
{
    std::int64_t start = m_rec.now();
    std::uint32_t sinceSample = 0;
    while (!m_microtasks.empty()) {
        checkCancelled();
        const Job job = m_microtasks.pop();
        runJob(job);
        const std::int64_t end = m_rec.now();
        const bool isMain = job.action == Job::Action::Body && job.body == &m_program->main;
        m_rec.callback(job.label, isMain ? CallbackKind::Main : CallbackKind::Microtask, start, end, m_iteration, 2);
        boundary(end, false);
        start = end;
        if (++sinceSample == 1024) {
            sinceSample = 0;
            m_live.callbacks.fetch_add(1024, std::memory_order_relaxed);
            sampleQueues(end);
        }
    }
}

void Runtime::queueMicrotask(Job job)
{
    m_microtasks.push(job);
}

void Runtime::runJob(const Job& job)
{
    switch (job.action) {
    case Job::Action::Body:
        runBlock(*job.body);
        break;
    case Job::Action::ThenBody:
        runBlock(*job.body);
        resolveWith(job.promise, nullptr);
        release(job.promise);
        break;
    case Job::Action::Resume:
        continueFrame(job.frame);
        break;
    case Job::Action::Fulfill:
        fulfill(job.promise);
        release(job.promise);
        break;
    case Job::Action::ResolveThenable: {
        // thenable.then(resolve, reject) with the resolving functions of `promise`.
        Job settle;
        settle.action = Job::Action::Fulfill;
        settle.jobKind = JobKind::PromiseReactionJob;
        settle.label = job.label;
        settle.promise = job.promise;
        retain(job.promise);
        performThen(job.thenable, settle);
        release(job.thenable);
        release(job.promise);
        break;
    }
    case Job::Action::ChainStep: {
        ChainState* chain = job.chain;
        runBlock(chain->op->body);
        if (++chain->step < chain->op->times) {
            scheduleChainStep(chain);
        } else {
            forgetFrom(m_chains, chain);
            const Op* op = chain->op;
            delete chain;
            runBlock(op->done);
        }
        break;
    }
    }
}

// ---------------------------------------------------------------------------
// The interpreter.

void Runtime::runBlock(const Block& block)
{
    for (const Op& op : block)
        exec(op);
}

void Runtime::exec(const Op& op)
{
    Job job;
    job.label = op.labelId;
    job.body = &op.body;
    switch (op.kind) {
    case OpKind::Log:
        log(op.textId);
        break;
    case OpKind::NextTick:
        m_ticks.push(job);
        break;
    case OpKind::QueueMicrotask:
        queueMicrotask(job);
        break;
    case OpKind::Promise: {
        // Promise.resolve().then(b0).then(b1)...
        Promise* current = newPromise();
        fulfill(current);
        for (const Block& body : op.chain) {
            Promise* next = newPromise();
            Job reaction;
            reaction.action = Job::Action::ThenBody;
            reaction.jobKind = JobKind::PromiseReactionJob;
            reaction.label = op.labelId;
            reaction.body = &body;
            reaction.promise = next;
            retain(next);
            performThen(current, reaction);
            release(current);
            current = next;
        }
        release(current);
        break;
    }
    case OpKind::SetTimeout:
        setTimer(job, op.ms, 1);
        break;
    case OpKind::SetInterval:
        setTimer(job, op.ms, op.times);
        break;
    case OpKind::SetImmediate:
        setImmediate(job);
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
            runBlock(op.body);
        }
        break;
    case OpKind::JsonParse: {
        const std::string& payload = m_payloads[op.megabytes];
        const JsonResult parsed = parseJson(payload, payload.size() + 1);
        if (std::holds_alternative<JsonError>(parsed))
            m_rec.text(
                RecordType::Error, internDynamic("JSON.parse: " + std::get<JsonError>(parsed).message), m_rec.now());
        break;
    }
    case OpKind::Regex: {
        // std::regex backtracks like V8's irregexp, so the nested quantifier explodes the same way.
        static const std::regex vulnerable("^([A-Z0-9]+-?)+$", std::regex::ECMAScript);
        static const std::regex safe("^[A-Z0-9]+(-[A-Z0-9]+)*$", std::regex::ECMAScript);
        const std::string input
            = std::string("BOOKSTORE2026BOOKSTORE2026BOOK").substr(0, std::size_t(op.length - 1)) + "!";
        (void)std::regex_search(input, op.vulnerable ? vulnerable : safe);
        break;
    }
    case OpKind::Chain: {
        auto* chain = new ChainState;
        chain->op = &op;
        m_chains.push_back(chain);
        scheduleChainStep(chain);
        break;
    }
    }
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
        queueMicrotask(job);
        break;
    case ChainVia::Promise:
        // Promise.resolve().then(next): the reaction is queued at once.
        job.jobKind = JobKind::PromiseReactionJob;
        queueMicrotask(job);
        break;
    case ChainVia::SetTimeout:
        setTimer(job, chain->op->ms, 1);
        break;
    case ChainVia::SetImmediate:
        setImmediate(job);
        break;
    }
}

void Runtime::log(std::uint32_t label)
{
    if (m_options.onWorkerLog) {
        // A worker's console goes through its parent, as worker_threads stdout does.
        m_options.onWorkerLog(label);
        return;
    }
    if (m_options.onLog)
        m_options.onLog(m_recording.strings.at(label));
    m_rec.text(RecordType::Log, label, m_rec.now());
}

// The order payload of the seed's JSON.parse experiment, built before the program runs.
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
            preparePayloads(op.body);
        preparePayloads(op.done);
        for (const Block& body : op.chain)
            preparePayloads(body);
    }
}

// Synchronous SHA-256 over random strings, as the seeds' /compute-sync does.
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
    if (op.blockMs >= 0) {
        const std::int64_t end = monotonicNs() + op.blockMs * 1'000'000;
        while (monotonicNs() < end) {
            checkCancelled();
            step();
        }
    } else {
        for (std::int64_t i = 0; i < op.iterations; ++i) {
            if ((i & 255) == 0)
                checkCancelled();
            step();
        }
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(ctx.get(), digest, &length);
}

// ---------------------------------------------------------------------------
// Async functions: a cursor stack that can stop at an await and pick up later.

void Runtime::startAsync(const Op& op)
{
    auto* frame = new AsyncFrame;
    m_frames.push_back(frame);
    frame->stack.push_back({ &op.body, 0, 1 });
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
            frame->stack.push_back({ &op.body, 0, op.times });
            continue;
        }
        exec(op);
    }
    forgetFrom(m_frames, frame);
    delete frame;
}

bool Runtime::awaitIn(AsyncFrame* frame, const Op& op)
{
    Job resume;
    resume.action = Job::Action::Resume;
    resume.jobKind = JobKind::PromiseReactionJob;
    resume.label = op.labelId;
    resume.frame = frame;

    const bool viaThenable = op.await == AwaitKind::Promise && m_program->awaitModel == AwaitModel::Node10;
    switch (op.await) {
    case AwaitKind::Value:
    case AwaitKind::Promise:
        if (!viaThenable) {
            // promiseResolve(v) is settled, so its reaction is queued at once: one tick.
            queueMicrotask(resume);
            return true;
        }
        {
            // Node 10: a throwaway promise resolved with v, which is a thenable:
            // PromiseResolveThenableJob, then two PromiseReactionJobs.
            Promise* value = newPromise();
            fulfill(value);
            Promise* throwaway = newPromise();
            resolveWith(throwaway, value);
            performThen(throwaway, resume);
            release(value);
            release(throwaway);
        }
        return true;
    case AwaitKind::Sleep:
    case AwaitKind::Immediate: {
        // await new Promise((resolve) => setTimeout(resolve, ms)) or setImmediate(resolve).
        Promise* pending = newPromise();
        Job settle;
        settle.action = Job::Action::Fulfill;
        settle.label = op.labelId;
        settle.promise = pending;
        retain(pending);
        if (op.await == AwaitKind::Sleep)
            setTimer(settle, op.ms, 1);
        else
            setImmediate(settle);
        performThen(pending, resume);
        release(pending);
        return true;
    }
    }
    return false;
}

// ---------------------------------------------------------------------------
// Promises: only `undefined` and promises flow through them, which is all the
// program format can express.

Promise* Runtime::newPromise()
{
    auto* promise = new Promise;
    m_promises.push_back(promise);
    return promise;
}

void Runtime::retain(Promise* promise)
{
    ++promise->refs;
}

void Runtime::release(Promise* promise)
{
    if (--promise->refs == 0) {
        forgetFrom(m_promises, promise);
        delete promise;
    }
}

void Runtime::performThen(Promise* promise, Job reaction)
{
    reaction.jobKind = JobKind::PromiseReactionJob;
    if (promise->fulfilled)
        queueMicrotask(reaction);
    else
        promise->reactions.push_back(reaction);
}

void Runtime::fulfill(Promise* promise)
{
    if (promise->fulfilled)
        return;
    promise->fulfilled = true;
    for (const Job& reaction : promise->reactions)
        queueMicrotask(reaction);
    promise->reactions.clear();
    promise->reactions.shrink_to_fit();
}

void Runtime::resolveWith(Promise* promise, Promise* value)
{
    if (!value) {
        fulfill(promise);
        return;
    }
    Job job;
    job.action = Job::Action::ResolveThenable;
    job.jobKind = JobKind::PromiseResolveThenableJob;
    job.promise = promise;
    job.thenable = value;
    retain(promise);
    retain(value);
    queueMicrotask(job);
}

// ---------------------------------------------------------------------------
// Timers: lists of equal duration ordered by start, in a heap by expiry, all
// behind one uv_timer_t, as Node's lib/internal/timers.js does.

double Runtime::libuvNow()
{
    // Node's getLibuvNow() refreshes the loop's clock before reading it.
    uv_update_time(&m_loop);
    return double(uv_now(&m_loop)) - m_timerBase;
}

bool Runtime::listBefore(const TimerList* a, const TimerList* b)
{
    if (a->expiry != b->expiry)
        return a->expiry < b->expiry;
    return a->id < b->id;
}

void Runtime::heapUp(std::size_t index)
{
    TimerList* item = m_timerHeap[index];
    while (index > 0) {
        const std::size_t parent = (index - 1) / 2;
        if (!listBefore(item, m_timerHeap[parent]))
            break;
        m_timerHeap[index] = m_timerHeap[parent];
        m_timerHeap[index]->heapIndex = index;
        index = parent;
    }
    m_timerHeap[index] = item;
    item->heapIndex = index;
}

void Runtime::heapDown(std::size_t index)
{
    const std::size_t size = m_timerHeap.size();
    TimerList* item = m_timerHeap[index];
    for (;;) {
        std::size_t child = 2 * index + 1;
        if (child >= size)
            break;
        if (child + 1 < size && listBefore(m_timerHeap[child + 1], m_timerHeap[child]))
            ++child;
        if (!listBefore(m_timerHeap[child], item))
            break;
        m_timerHeap[index] = m_timerHeap[child];
        m_timerHeap[index]->heapIndex = index;
        index = child;
    }
    m_timerHeap[index] = item;
    item->heapIndex = index;
}

void Runtime::removeList(TimerList* list)
{
    m_timerLists.erase(list->msecs);
    const std::size_t index = list->heapIndex;
    TimerList* last = m_timerHeap.back();
    m_timerHeap.pop_back();
    if (last != list) {
        m_timerHeap[index] = last;
        last->heapIndex = index;
        heapDown(index);
        heapUp(last->heapIndex);
    }
    delete list;
}

Timer* Runtime::setTimer(Job job, double ms, std::int64_t runs)
{
    auto* timer = new Timer;
    timer->job = job;
    timer->msecs = coerceTimeout(ms);
    timer->runs = runs;
    ++m_activeTimers;
    insertTimer(timer, timer->msecs, libuvNow());
    return timer;
}

void Runtime::insertTimer(Timer* timer, double msecs, double start)
{
    timer->idleStart = start;
    timer->next = nullptr;
    TimerList*& list = m_timerLists[msecs];
    if (!list) {
        list = new TimerList;
        list->msecs = msecs;
        list->expiry = start + msecs;
        list->id = m_nextListId++;
        m_timerHeap.push_back(list);
        heapUp(m_timerHeap.size() - 1);
        if (m_nextExpiry > list->expiry) {
            uv_timer_start(&m_timerHandle, &Runtime::onTimerHandle, std::uint64_t(msecs), 0);
            uv_ref(reinterpret_cast<uv_handle_t*>(&m_timerHandle));
            m_nextExpiry = list->expiry;
        }
    }
    timer->prev = list->tail;
    if (list->tail)
        list->tail->next = timer;
    else
        list->head = timer;
    list->tail = timer;
}

void Runtime::onTimerHandle(uv_timer_t* handle)
{
    static_cast<Runtime*>(handle->data)->processTimers();
}

void Runtime::processTimers()
{
    if (m_aborted || cancelled())
        return;
    const std::int64_t phaseStart = m_rec.now();
    beginIteration(phaseStart);
    m_live.phase.store(std::uint8_t(Phase::Timers), std::memory_order_relaxed);
    try {
        boundary(phaseStart, true);
        const double now = libuvNow();
        m_nextExpiry = std::numeric_limits<double>::infinity();
        double nextExpiry = 0;
        while (!m_timerHeap.empty()) {
            TimerList* list = m_timerHeap.front();
            if (list->expiry > now) {
                nextExpiry = m_nextExpiry = list->expiry;
                break;
            }
            if (listOnTimeout(list, now))
                removeList(list);
        }
        if (nextExpiry != 0) {
            const double duration = nextExpiry - (double(uv_now(&m_loop)) - m_timerBase);
            uv_timer_start(&m_timerHandle, &Runtime::onTimerHandle, duration > 0 ? std::uint64_t(duration) : 1, 0);
            uv_ref(reinterpret_cast<uv_handle_t*>(&m_timerHandle));
        } else {
            uv_unref(reinterpret_cast<uv_handle_t*>(&m_timerHandle));
        }
    } catch (const Aborted&) {
        abortRun();
    }
    const std::int64_t phaseEnd = m_rec.now();
    m_rec.phase(Phase::Timers, true, phaseStart, phaseEnd, m_iteration);
    m_timersRecorded = true;
    sampleQueues(phaseEnd);
}

// Runs the due timers of one list; true when the list is empty and must go.
bool Runtime::listOnTimeout(TimerList* list, double now)
{
    while (Timer* timer = list->head) {
        if (now - timer->idleStart < list->msecs) {
            list->expiry = std::max(timer->idleStart + list->msecs, now + 1);
            list->id = m_nextListId++;
            heapDown(list->heapIndex);
            return false;
        }
        list->head = timer->next;
        if (list->head)
            list->head->prev = nullptr;
        else
            list->tail = nullptr;
        --m_activeTimers;
        const bool repeats = timer->runs > 1;
        const double start = repeats ? libuvNow() : 0;
        std::unique_ptr<Timer> owned(timer);
        invoke(timer->job.label, CallbackKind::Timer, [this, timer] { runJob(timer->job); });
        if (repeats) {
            --timer->runs;
            ++m_activeTimers;
            insertTimer(owned.release(), timer->msecs, start);
        }
    }
    return true;
}

// ---------------------------------------------------------------------------
// Immediates: a check handle runs them, an idle handle keeps poll from blocking.

void Runtime::setImmediate(Job job)
{
    m_immediates.push(job);
    if (!m_idleActive && !m_closed) {
        uv_idle_start(&m_idleHandle, &Runtime::onIdleHandle);
        m_idleActive = true;
    }
}

std::int64_t Runtime::processImmediates(std::int64_t at)
{
    // Immediates queued while these run wait for the next iteration. Nothing observable
    // happens between them, so each starts when the one before ended (the first when
    // the check phase began), which saves two clock reads per iteration.
    m_runningImmediates.swap(m_immediates);
    std::int64_t end = -1;
    while (!m_runningImmediates.empty()) {
        checkCancelled();
        const Job job = m_runningImmediates.pop();
        end = invokeFrom(end < 0 ? at : end, job.label, CallbackKind::Immediate, [this, &job] { runJob(job); });
    }
    if (m_immediates.empty() && m_idleActive) {
        uv_idle_stop(&m_idleHandle);
        m_idleActive = false;
    }
    return end;
}

void Runtime::onIdleHandle(uv_idle_t* handle)
{
    auto* self = static_cast<Runtime*>(handle->data);
    self->m_idleSeenAt = self->m_rec.now();
}

// ---------------------------------------------------------------------------
// Thread-pool work: fs.readFile's chain of requests and crypto.pbkdf2.

void Runtime::submit(PoolItem* item)
{
    item->runtime = this;
    item->live = m_options.poolLive ? m_options.poolLive : &m_live;
    item->originNs = m_rec.originNs();
    item->req.data = item;
    item->queuedAt = m_rec.now();
    item->board = m_poolBoard;
    if (m_poolBoard)
        item->boardId = m_poolBoard->queued(item->label, item->queuedAt);
    ++m_poolInFlight;
    m_live.poolQueued.fetch_add(1, std::memory_order_relaxed);
    uv_queue_work(
        &m_loop, &item->req,
        [](uv_work_t* req) {
            auto* work = static_cast<PoolItem*>(req->data);
            work->startedAt = monotonicNs() - work->originNs;
            work->worker = poolWorkerIndex();
            work->live->poolQueued.fetch_sub(1, std::memory_order_relaxed);
            work->live->poolActive.fetch_add(1, std::memory_order_relaxed);
            if (work->board)
                work->board->started(work->boardId, work->worker, work->startedAt);
            switch (work->kind) {
            case PoolItem::Kind::FsOpen:
                work->result = ::open(work->path.c_str(), O_RDONLY | O_CLOEXEC);
                if (work->result < 0)
                    work->result = -errno;
                else
                    work->fd = int(work->result);
                break;
            case PoolItem::Kind::FsFstat:
            case PoolItem::Kind::FsStat: {
                struct stat info
                { };
                const int rc = work->kind == PoolItem::Kind::FsStat ? ::stat(work->path.c_str(), &info)
                                                                    : ::fstat(work->fd, &info);
                work->result = rc < 0 ? -errno : 0;
                work->size = rc < 0 ? 0 : std::int64_t(info.st_size);
                break;
            }
            case PoolItem::Kind::FsRead: {
                const ssize_t n = ::pread(work->fd, work->buffer.data() + work->position,
                    work->buffer.size() - std::size_t(work->position), work->position);
                work->result = n < 0 ? -errno : n;
                break;
            }
            case PoolItem::Kind::FsClose:
                work->result = ::close(work->fd) < 0 ? -errno : 0;
                work->fd = -1;
                break;
            case PoolItem::Kind::Pbkdf2: {
                static const char password[] = "correct horse";
                static const char salt[] = "bookstore-salt";
                unsigned char key[32];
                const EVP_MD* md = work->op->digest == Digest::Sha512 ? EVP_sha512() : EVP_sha256();
                work->result
                    = PKCS5_PBKDF2_HMAC(password, sizeof password - 1, reinterpret_cast<const unsigned char*>(salt),
                          sizeof salt - 1, int(work->op->iterations), md, sizeof key, key)
                    ? 0
                    : -EINVAL;
                break;
            }
            }
            work->live->poolActive.fetch_sub(1, std::memory_order_relaxed);
            work->finishedAt = monotonicNs() - work->originNs;
            // The thread is free from here on: the board must not show it busy while the
            // completion waits for the loop, or the next item on it would look like one too many.
            if (work->board)
                work->board->finished(work->boardId);
        },
        [](uv_work_t* req, int) {
            auto* work = static_cast<PoolItem*>(req->data);
            work->runtime->poolDone(work);
        });
}

void Runtime::poolDone(PoolItem* item)
{
    std::unique_ptr<PoolItem> owned(item);
    --m_poolInFlight;
    // Usually done by the pool thread already; not when the work was cancelled before it started.
    if (m_poolBoard)
        m_poolBoard->finished(item->boardId);
    m_rec.pool(
        item->label, item->worker, item->startedAt - item->queuedAt, item->startedAt, item->finishedAt, m_iteration);
    if (m_aborted || cancelled()) {
        if (item->fd >= 0)
            ::close(item->fd);
        return;
    }
    // Each completion is a callback in the poll phase, as Node's ReadFileContext steps are.
    auto next = [this, &owned](PoolItem::Kind kind, std::uint32_t label) {
        PoolItem* again = owned.release();
        again->kind = kind;
        again->label = label;
        submit(again);
    };
    try {
        switch (item->kind) {
        case PoolItem::Kind::FsStat:
            invoke(m_esmLoaderLabel, CallbackKind::Io, [this] {
                Job evaluate;
                evaluate.label = m_mainLabel;
                evaluate.body = &m_program->main;
                queueMicrotask(evaluate);
            });
            break;
        case PoolItem::Kind::FsOpen:
            invoke(m_fsLabels[0], CallbackKind::Io, [&] {
                if (item->result < 0)
                    runBlock(item->op->body);
                else
                    next(PoolItem::Kind::FsFstat, m_fsLabels[1]);
            });
            break;
        case PoolItem::Kind::FsFstat:
            invoke(m_fsLabels[1], CallbackKind::Io, [&] {
                item->buffer.resize(std::size_t(std::max<std::int64_t>(item->size, 0)));
                next(item->size > 0 && item->result == 0 ? PoolItem::Kind::FsRead : PoolItem::Kind::FsClose,
                    item->size > 0 && item->result == 0 ? m_fsLabels[2] : m_fsLabels[3]);
            });
            break;
        case PoolItem::Kind::FsRead:
            invoke(m_fsLabels[2], CallbackKind::Io, [&] {
                if (item->result > 0)
                    item->position += item->result;
                const bool more = item->result > 0 && item->position < item->size;
                next(more ? PoolItem::Kind::FsRead : PoolItem::Kind::FsClose, more ? m_fsLabels[2] : m_fsLabels[3]);
            });
            break;
        case PoolItem::Kind::FsClose:
        case PoolItem::Kind::Pbkdf2:
            invoke(item->op->labelId, CallbackKind::Io, [&] { runBlock(item->op->body); });
            break;
        }
    } catch (const Aborted&) {
        abortRun();
    }
}

void Runtime::readFile(const Op& op)
{
    auto* item = new PoolItem;
    item->op = &op;
    item->kind = PoolItem::Kind::FsOpen;
    item->label = m_fsLabels[0];
    item->path = m_options.readFilePath;
    submit(item);
}

void Runtime::pbkdf2(const Op& op)
{
    auto* item = new PoolItem;
    item->op = &op;
    item->kind = PoolItem::Kind::Pbkdf2;
    item->label = m_pbkdf2Label;
    submit(item);
}

void Runtime::dnsLookup(const Op& op)
{
    struct Lookup
    {
        uv_getaddrinfo_t req {};
        Runtime* runtime = nullptr;
        const Op* op = nullptr;
        std::int64_t queuedAt = 0;
        std::uint64_t boardId = 0;
        const char* hostname = nullptr; // libuv's copy, the probe's key; freed before the callback runs
    };
    auto* lookup = new Lookup;
    lookup->queuedAt = m_rec.now();
    lookup->runtime = this;
    lookup->op = &op;
    lookup->req.data = lookup;
    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_ADDRCONFIG;
    ++m_poolInFlight;
    const int rc = uv_getaddrinfo(
        &m_loop, &lookup->req,
        [](uv_getaddrinfo_t* req, int status, addrinfo* result) {
            std::unique_ptr<Lookup> owned(static_cast<Lookup*>(req->data));
            uv_freeaddrinfo(result);
            Runtime* self = owned->runtime;
            --self->m_poolInFlight;
            const AddrinfoProbe::Timing timing = AddrinfoProbe::take(owned->hostname);
            if (self->m_poolBoard)
                self->m_poolBoard->finished(owned->boardId);
            if (timing.startedNs >= 0) {
                const std::int64_t origin = self->m_rec.originNs();
                self->m_rec.pool(self->m_getaddrinfoLabel, timing.worker, timing.startedNs - origin - owned->queuedAt,
                    timing.startedNs - origin, timing.finishedNs - origin, self->m_iteration);
            }
            if (self->m_aborted || self->cancelled())
                return;
            try {
                if (status != 0)
                    // Node hands the error to the callback: dns.lookup's err argument.
                    self->m_rec.text(RecordType::Error,
                        self->internDynamic("dns.lookup " + owned->op->host + ": " + uv_err_name(status)),
                        self->m_rec.now());
                self->invoke(owned->op->labelId, CallbackKind::Io, [&] { self->runBlock(owned->op->body); });
            } catch (const Aborted&) {
                self->abortRun();
            }
        },
        op.host.c_str(), nullptr, &hints);
    if (rc != 0) {
        --m_poolInFlight;
        delete lookup;
        m_rec.text(RecordType::Error, internDynamic(std::string("dns.lookup: ") + uv_strerror(rc)), m_rec.now());
        return;
    }
    if (m_poolBoard)
        lookup->boardId = m_poolBoard->queued(m_getaddrinfoLabel, lookup->queuedAt);
    lookup->hostname = lookup->req.hostname;
    AddrinfoProbe::expect(
        lookup->hostname, m_poolBoard, lookup->boardId, m_options.poolLive ? m_options.poolLive : &m_live);
}

// An HTTP request to the built-in server: a socket on the poller, never the pool.
void Runtime::httpRequest(const Op& op)
{
    const int port = m_live.healthPort.load();
    const std::uint64_t id = ++m_nextRequestId;
    HttpRequest* request = httpGet(
        m_loop, port, op.path, 10000,
        [this, id, &op](int status, const std::string& error) {
            m_requests.erase(id);
            if (m_aborted || cancelled() || m_closed)
                return;
            try {
                if (status == 0)
                    m_rec.text(RecordType::Error, internDynamic("http.get " + op.path + ": " + error), m_rec.now());
                invoke(op.labelId, CallbackKind::Io, [this, &op] { runBlock(op.body); });
            } catch (const Aborted&) {
                abortRun();
            }
        },
        [this](bool closed) { socketClosing(closed); });
    if (request)
        m_requests.emplace(id, request);
}

std::uint32_t Runtime::internDynamic(const std::string& text)
{
    // The string table has one writer, the main loop thread; workers use a generic label.
    return m_options.parent ? m_workerErrorLabel : m_recording.strings.intern(text);
}

// worker_threads: a second loop on its own thread; "done" and console lines come
// back as messages on this loop, which the worker keeps alive until it exits.
void Runtime::startWorker(const Op& op)
{
    std::size_t slot = 0;
    while (slot < m_workers.size() && m_workers[slot].busy)
        ++slot;
    if (slot == m_workers.size()) {
        m_rec.text(RecordType::Error,
            internDynamic("worker: at most " + std::to_string(m_workers.size()) + " worker loops can run at once"),
            m_rec.now());
        return;
    }
    auto body = std::make_shared<Program>();
    body->name = m_program->name + " worker";
    body->fileName = m_program->fileName;
    body->awaitModel = m_program->awaitModel;
    body->main = op.body;
    RuntimeOptions options;
    options.readFilePath = m_options.readFilePath;
    options.poolBoard = m_poolBoard;
    options.poolLive = m_options.poolLive ? m_options.poolLive : &m_live;
    options.log = m_options.workerLogs[slot];
    options.thread = std::uint16_t(WorkerThreadBase + slot + 1);
    options.originNs = m_rec.originNs();
    options.parent = this;
    options.record = m_options.record;

    WorkerHost::Events events;
    events.log = [this](std::uint32_t textId) { log(textId); };
    events.done = [this, &op] {
        if (m_aborted || cancelled())
            return;
        try {
            invoke(op.labelId, CallbackKind::Io, [this, &op] { runBlock(op.done); });
        } catch (const Aborted&) {
            abortRun();
        }
    };
    events.exited = [this, slot] {
        WorkerSlot& worker = m_workers[slot];
        worker.host->terminate();
        worker.host->close([this, slot] {
            m_workers[slot].busy = false;
            m_workers[slot].host.reset();
        });
    };
    m_workers[slot].busy = true;
    m_workers[slot].host = std::make_unique<WorkerHost>(m_loop, m_recording, body, options, std::move(events));
    m_workers[slot].host->start();
}

// ---------------------------------------------------------------------------
// Phase instrumentation. libuv exposes no hook per phase; what we see is our
// own prepare, idle and check handles and every callback we run. Phases with
// nothing of ours in them are recorded as passed, not timed.

void Runtime::beginIteration(std::int64_t at)
{
    if (m_iterationOpen && !m_checkDone)
        return;
    if (m_iterationOpen)
        finishIteration();
    ++m_iteration;
    m_iterationOpen = true;
    m_checkDone = false;
    m_iterationStart = at;
    m_timersRecorded = false;
    m_idleSeenAt = -1;
    m_closeStart = -1;
    m_live.iteration.store(m_iteration, std::memory_order_relaxed);
}

// A socket's handles closing: libuv runs their close callbacks in the close phase.
void Runtime::socketClosing(bool closed)
{
    if (!closed) {
        m_live.close.store(++m_pendingCloses, std::memory_order_relaxed);
        return;
    }
    m_live.close.store(--m_pendingCloses, std::memory_order_relaxed);
    const std::int64_t at = m_rec.now();
    if (m_checkDone && m_iterationOpen && m_closeStart < 0)
        m_closeStart = at;
    m_rec.callback(m_socketCloseLabel, CallbackKind::Close, at, m_rec.now(), m_iteration, 1);
    m_closeEnd = m_rec.now();
}

void Runtime::finishIteration()
{
    if (!m_iterationOpen)
        return;
    if (m_checkDone && m_closeStart >= 0)
        m_rec.phase(Phase::Close, true, m_closeStart, m_closeEnd, m_iteration);
    else if (m_checkDone)
        m_rec.phase(Phase::Close, false, m_checkEnd, m_checkEnd, m_iteration);
    m_iterationOpen = false;
}

void Runtime::onPrepareHandle(uv_prepare_t* handle)
{
    static_cast<Runtime*>(handle->data)->onPrepare();
}

void Runtime::onCheckHandle(uv_check_t* handle)
{
    static_cast<Runtime*>(handle->data)->onCheck();
}

void Runtime::onPrepare()
{
    const std::int64_t at = m_rec.now();
    beginIteration(at);
    m_live.phase.store(std::uint8_t(Phase::Prepare), std::memory_order_relaxed);
    try {
        boundary(at, true);
    } catch (const Aborted&) {
        abortRun();
    }
    if (!m_timersRecorded)
        m_rec.phase(Phase::Timers, false, at, at, m_iteration);
    m_rec.phase(Phase::Pending, false, at, at, m_iteration);
    if (m_idleSeenAt >= 0)
        m_rec.phase(Phase::Idle, true, m_idleSeenAt, at, m_iteration);
    else
        m_rec.phase(Phase::Idle, false, at, at, m_iteration);
    m_pollTimeout = uv_backend_timeout(&m_loop);
    PollReason reason = PollReason::NoWait;
    if (m_idleActive)
        reason = PollReason::ImmediatesPending;
    else if (m_pollTimeout < 0)
        reason = PollReason::WaitingForIo;
    else if (m_pollTimeout > 0 || !m_timerHeap.empty())
        reason = PollReason::TimerDue;
    m_live.pollTimeoutMs.store(m_pollTimeout, std::memory_order_relaxed);
    m_live.pollReason.store(std::uint8_t(reason), std::memory_order_relaxed);
    sampleQueues(at);
    // The loop may sleep in poll now: leave the views a current copy of the queues.
    if (m_control && m_control->wantsSnapshot(at, SampleIntervalNs))
        publishSnapshot(at);
    m_pollStart = m_rec.now();
    m_rec.phase(Phase::Prepare, true, at, m_pollStart, m_iteration);
    m_live.phase.store(std::uint8_t(Phase::Poll), std::memory_order_relaxed);
}

void Runtime::onCheck()
{
    const std::int64_t at = m_rec.now();
    m_rec.phase(Phase::Poll, true, m_pollStart, at, m_iteration, m_pollTimeout);
    m_live.phase.store(std::uint8_t(Phase::Check), std::memory_order_relaxed);
    std::int64_t lastEnd = -1;
    if (!m_aborted && !cancelled()) {
        try {
            boundary(at, true);
            lastEnd = processImmediates(at);
        } catch (const Aborted&) {
            abortRun();
        }
    }
    // When immediates ran, the phase ends with the last of them.
    m_checkEnd = lastEnd >= 0 ? lastEnd : m_rec.now();
    m_rec.phase(Phase::Check, true, at, m_checkEnd, m_iteration);
    m_checkDone = true;
    m_live.phase.store(std::uint8_t(Phase::Close), std::memory_order_relaxed);
    sampleQueues(m_checkEnd);
}

void Runtime::sampleQueues(std::int64_t at, bool force)
{
    if (!force && at - m_lastSample < SampleIntervalNs)
        return;
    m_lastSample = at;
    m_live.nextTick.store(std::uint32_t(m_ticks.size()), std::memory_order_relaxed);
    m_live.microtask.store(std::uint32_t(m_microtasks.size()), std::memory_order_relaxed);
    m_live.immediate.store(std::uint32_t(m_immediates.size() + m_runningImmediates.size()), std::memory_order_relaxed);
    m_live.timers.store(m_activeTimers, std::memory_order_relaxed);
    m_rec.queues(at, m_live);
}

} // namespace loopscope

namespace loopscope {

void Runtime::publishSnapshot(std::int64_t at)
{
    QueueSnapshot snapshot;
    snapshot.takenAtNs = at;
    snapshot.iteration = m_iteration;
    // Real time, not the loop's cached time: while a callback blocks, the cached time stands still,
    // and the panels must show how late each timer already is.
    const double now = double(uv_hrtime()) / 1e6 - m_timerBase;
    for (const TimerList* list : m_timerHeap) {
        for (const Timer* timer = list->head; timer; timer = timer->next) {
            ++snapshot.timerCount;
            if (snapshot.timers.size() < QueueSnapshot::MaxItems)
                snapshot.timers.push_back({ timer->job.label, 0, timer->idleStart + timer->msecs - now });
        }
    }
    std::sort(snapshot.timers.begin(), snapshot.timers.end(),
        [](const QueueItem& a, const QueueItem& b) { return a.dueInMs < b.dueInMs; });
    auto copy = [](const RingQueue<Job>& queue, std::vector<QueueItem>& out, std::size_t& count) {
        count += queue.size();
        for (std::size_t i = 0; i < queue.size() && out.size() < QueueSnapshot::MaxItems; ++i)
            out.push_back({ queue.at(i).label, std::uint8_t(queue.at(i).jobKind), 0 });
    };
    copy(m_runningImmediates, snapshot.immediates, snapshot.immediateCount);
    copy(m_immediates, snapshot.immediates, snapshot.immediateCount);
    copy(m_ticks, snapshot.nextTicks, snapshot.nextTickCount);
    copy(m_microtasks, snapshot.microtasks, snapshot.microtaskCount);
    snapshot.closeCount = m_pendingCloses;
    for (std::size_t i = 0; i < m_pendingCloses && i < QueueSnapshot::MaxItems; ++i)
        snapshot.closes.push_back({ m_socketCloseLabel, 0, 0 });
    m_control->publish(std::move(snapshot));
}

} // namespace loopscope
