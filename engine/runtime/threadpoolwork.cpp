// ThreadPoolWork: thread-pool work. fs.readFile's chain of requests, fs.stat, fs.open, fs.read and fs.close, a read
// stream's open, reads and close, crypto.pbkdf2, and the stat with which Node's ES module loader reads a module before
// evaluating it.
#include "runtime/abortsignals.h"
#include "runtime/interpreter.h"
#include "runtime/invoke.h"
#include "runtime/pbkdf2.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cerrno>
#include <cmath>
#include <mutex>

namespace loopscope {

// A descriptor the program opened, shared by the requests that name it. A read or a close takes the lock on
// its pool thread, so that no request uses the number once a close has given it back to the system (where
// the next open, of this process's own, may get it).
struct OpenFile
{
    OpenFile() = default;
    explicit OpenFile(int descriptor)
        : fd(descriptor)
    { }
    OpenFile(const OpenFile&) = delete;
    OpenFile& operator=(const OpenFile&) = delete;
    // A file the program never closed is closed with the run, as a process's files are when it ends.
    ~OpenFile()
    {
        if (fd >= 0)
            ::close(fd);
    }

    std::mutex lock;
    int fd = -1; // -1 once closed, or when the open failed
};

// fs.read's buffer when it is given none: Buffer.alloc(16384).
constexpr std::size_t FsReadBytes = 16384;

// One thread-pool request. The work callback runs on a pool thread and only
// writes this item; the loop thread reads it after libuv hands it back.
struct PoolItem
{
    // FileOpen, FileRead, FileClose: the program's fs.open, fs.read and fs.close; Stream*: a readStream's; the
    // others with Fs are fs.readFile's steps.
    enum class Kind : std::uint8_t {
        FsOpen,
        FsFstat,
        FsRead,
        FsClose,
        FsStat,
        Pbkdf2,
        FileOpen,
        FileRead,
        FileClose,
        StreamOpen,
        StreamRead,
        StreamClose,
    };

    uv_work_t req {};
    ThreadPoolWork* owner = nullptr;
    LiveState* live = nullptr; // the main loop's counters, also for a worker loop's requests
    const Op* op = nullptr;
    std::uint32_t epoch = 0; // RuntimeContext::epoch when the program asked for it
    Kind kind = Kind::FsOpen;
    std::uint32_t label = 0;
    const ProgramClock* clock = nullptr;
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
    std::int64_t iterations = 0; // pbkdf2: the op's, times the calibrated passes
    std::vector<unsigned char> buffer;
    // FileRead, FileClose: the name's descriptor; Stream*: the stream's file, closed with the item at the latest.
    std::shared_ptr<OpenFile> file;
    std::atomic<bool> stop { false }; // set by the loop thread when the run has ended (ThreadPoolWork::takeBack)
};

namespace {

std::int64_t resultOf(std::int64_t rc)
{
    return rc < 0 ? -errno : rc;
}

void runPbkdf2(PoolItem& work)
{
    unsigned char key[32];
    const bool derived = derivePbkdf2(
        "correct horse", "bookstore-salt", work.iterations, work.op->digest, key, sizeof key, work.clock, &work.stop);
    work.result = derived ? 0 : work.stop.load(std::memory_order_relaxed) ? -ECANCELED : -EINVAL;
}

// On a pool thread: the request's system call or computation.
void runOnPool(PoolItem& work)
{
    switch (work.kind) {
    case PoolItem::Kind::FileRead: {
        const std::lock_guard<std::mutex> held(work.file->lock);
        // fs.read(fd, callback) reads from the file's position, as read(2) does, and moves it on.
        work.result
            = work.file->fd < 0 ? -EBADF : resultOf(::read(work.file->fd, work.buffer.data(), work.buffer.size()));
        break;
    }
    case PoolItem::Kind::FileClose: {
        const std::lock_guard<std::mutex> held(work.file->lock);
        work.result = work.file->fd < 0 ? -EBADF : resultOf(::close(work.file->fd));
        work.file->fd = -1;
        break;
    }
    case PoolItem::Kind::StreamOpen: {
        // The stream's file: `size` bytes of zeros in memory, as the emitted script's Buffer.alloc writes them.
        const int fd = ::memfd_create("loopscope-stream", MFD_CLOEXEC);
        work.result = resultOf(fd < 0 ? -1 : ::ftruncate(fd, off_t(work.size)));
        work.file = std::make_shared<OpenFile>(fd);
        break;
    }
    case PoolItem::Kind::StreamRead:
        work.result = resultOf(::read(work.file->fd, work.buffer.data(), work.buffer.size()));
        break;
    case PoolItem::Kind::StreamClose:
        work.result = resultOf(::close(work.file->fd));
        work.file->fd = -1;
        break;
    case PoolItem::Kind::FileOpen:
    case PoolItem::Kind::FsOpen:
        work.result = resultOf(::open(work.path.c_str(), O_RDONLY | O_CLOEXEC));
        if (work.result >= 0)
            work.fd = int(work.result);
        break;
    case PoolItem::Kind::FsFstat:
    case PoolItem::Kind::FsStat: {
        struct stat info
        { };
        const int rc = work.kind == PoolItem::Kind::FsStat ? ::stat(work.path.c_str(), &info) : ::fstat(work.fd, &info);
        work.result = resultOf(rc);
        work.size = rc < 0 ? 0 : std::int64_t(info.st_size);
        break;
    }
    case PoolItem::Kind::FsRead:
        work.result = resultOf(::pread(work.fd, work.buffer.data() + work.position,
            work.buffer.size() - std::size_t(work.position), work.position));
        break;
    case PoolItem::Kind::FsClose:
        work.result = resultOf(::close(work.fd));
        work.fd = -1;
        break;
    case PoolItem::Kind::Pbkdf2:
        runPbkdf2(work);
        break;
    }
}

void onWork(uv_work_t* req)
{
    auto* work = static_cast<PoolItem*>(req->data);
    work->clock->waitWhileHeld();
    work->startedAt = work->clock->now();
    work->worker = poolWorkerIndex();
    work->live->poolQueued.fetch_sub(1, std::memory_order_relaxed);
    work->live->poolActive.fetch_add(1, std::memory_order_relaxed);
    if (work->board)
        work->board->started(work->boardId, work->worker, work->startedAt);
    runOnPool(*work);
    work->live->poolActive.fetch_sub(1, std::memory_order_relaxed);
    work->finishedAt = work->clock->now();
    // The thread is free from here on: the board must not show it busy while the
    // completion waits for the loop, or the next item on it would look like one too many.
    if (work->board)
        work->board->finished(work->boardId);
}

} // namespace

ThreadPoolWork::ThreadPoolWork(
    RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter, const AbortSignals& signals)
    : m_ctx(context)
    , m_callbacks(callbacks)
    , m_interpreter(interpreter)
    , m_signals(signals)
{ }

ThreadPoolWork::~ThreadPoolWork()
{
    assert(m_inFlight == 0);
}

void ThreadPoolWork::readFile(const Op& op)
{
    // checkAborted: with its signal aborted already, fs.readFile calls its callback at once, with an AbortError.
    if (m_signals.aborted(op)) {
        m_interpreter.runBlock(op.body());
        return;
    }
    auto item = std::make_unique<PoolItem>();
    item->op = &op;
    item->epoch = m_ctx.epoch;
    item->kind = PoolItem::Kind::FsOpen;
    item->label = m_ctx.labels.fs[0];
    item->path = m_ctx.options.readFilePath;
    submit(std::move(item));
}

void ThreadPoolWork::statFile(const Op& op)
{
    auto item = std::make_unique<PoolItem>();
    item->op = &op;
    item->epoch = m_ctx.epoch;
    item->kind = PoolItem::Kind::FsStat;
    item->label = m_ctx.labels.fsStat;
    item->path = m_ctx.options.readFilePath;
    submit(std::move(item));
}

void ThreadPoolWork::openFile(const Op& op)
{
    auto item = std::make_unique<PoolItem>();
    item->op = &op;
    item->epoch = m_ctx.epoch;
    item->kind = PoolItem::Kind::FileOpen;
    item->label = m_ctx.labels.fs[0];
    item->path = m_ctx.options.readFilePath;
    submit(std::move(item));
}

void ThreadPoolWork::useFile(const Op& op)
{
    auto item = std::make_unique<PoolItem>();
    item->op = &op;
    item->epoch = m_ctx.epoch;
    const bool read = op.kind == OpKind::Read;
    item->kind = read ? PoolItem::Kind::FileRead : PoolItem::Kind::FileClose;
    item->label = m_ctx.labels.fs[read ? 2 : 3];
    // The reader keeps every read and close inside the open that names it, so the name has a descriptor.
    auto& file = m_files[op.text.str()];
    if (!file)
        file = std::make_shared<OpenFile>();
    item->file = file;
    if (read)
        item->buffer.resize(FsReadBytes);
    submit(std::move(item));
}

void ThreadPoolWork::readStream(const Op& op)
{
    auto item = std::make_unique<PoolItem>();
    item->op = &op;
    item->epoch = m_ctx.epoch;
    item->kind = PoolItem::Kind::StreamOpen;
    item->label = m_ctx.labels.fs[0];
    item->size = op.iterations;
    submit(std::move(item));
}

void ThreadPoolWork::pbkdf2(const Op& op)
{
    auto item = std::make_unique<PoolItem>();
    item->op = &op;
    item->epoch = m_ctx.epoch;
    item->kind = PoolItem::Kind::Pbkdf2;
    item->label = m_ctx.labels.pbkdf2;
    item->iterations = std::max<std::int64_t>(
        1, std::llround(double(op.iterations) * std::max(1.0, m_ctx.options.costs.blocking.pbkdf2)));
    submit(std::move(item));
}

// Node evaluates an ES module inside a promise job once the loader has read the
// file, which it does with thread-pool I/O: the body runs from poll.
void ThreadPoolWork::loadEsmModule()
{
    auto item = std::make_unique<PoolItem>();
    m_ctx.esmLoading = true;
    item->kind = PoolItem::Kind::FsStat;
    item->label = m_ctx.labels.fsStat;
    item->path = m_ctx.options.readFilePath;
    submit(std::move(item));
}

// OpenSSL 3 loads its provider and fetches the algorithms on their first use, about a millisecond
// here; Node has done that before the main module, so a program's first pbkdf2 takes microseconds.
void ThreadPoolWork::initialiseCrypto()
{
    static std::once_flag once;
    std::call_once(once, [] {
        unsigned char key[1];
        for (const Digest digest : { Digest::Sha256, Digest::Sha512 })
            derivePbkdf2("", "salt", 1, digest, key, sizeof key, nullptr);
    });
}

void ThreadPoolWork::submit(std::unique_ptr<PoolItem> item)
{
    m_ctx.spendPoolStart();
    item->owner = this;
    item->live = &m_ctx.poolLive();
    item->clock = &m_ctx.rec.clock();
    item->req.data = item.get();
    item->queuedAt = m_ctx.rec.now();
    item->board = m_ctx.poolBoard;
    if (m_ctx.poolBoard)
        item->boardId = m_ctx.poolBoard->queued(item->label, item->queuedAt);
    // The pool thread counts the item out of the same counters it is counted into here.
    item->live->poolQueued.fetch_add(1, std::memory_order_relaxed);
    const int queued = uv_queue_work(&m_ctx.loop, &item->req, &onWork, [](uv_work_t* req, int status) {
        auto* work = static_cast<PoolItem*>(req->data);
        work->owner->poolDone(std::unique_ptr<PoolItem>(work), status);
    });
    if (queued != 0) {
        item->live->poolQueued.fetch_sub(1, std::memory_order_relaxed);
        if (m_ctx.poolBoard)
            m_ctx.poolBoard->finished(item->boardId);
        m_ctx.recordError(std::string("thread pool: ") + uv_strerror(queued), m_ctx.runningLabel);
        return;
    }
    ++m_inFlight;
    m_items.insert(item.get());
    (void)item.release(); // libuv holds it until poolDone
}

void ThreadPoolWork::takeBack(bool stopRunning)
{
    for (PoolItem* item : m_items) {
        if (stopRunning)
            item->stop.store(true, std::memory_order_relaxed);
        // UV_EBUSY for an item a pool thread has started, or finished: it comes back as it is.
        (void)uv_cancel(reinterpret_cast<uv_req_t*>(&item->req));
    }
}

void ThreadPoolWork::poolDone(std::unique_ptr<PoolItem> item, int status)
{
    --m_inFlight;
    m_items.erase(item.get());
    // Usually done by the pool thread already; not when the work was cancelled before it started.
    if (m_ctx.poolBoard)
        m_ctx.poolBoard->finished(item->boardId);
    if (status == UV_ECANCELED) {
        // Taken back from the queue: no pool thread ran it, so it counts out of the queue here.
        item->live->poolQueued.fetch_sub(1, std::memory_order_relaxed);
        if (item->fd >= 0)
            ::close(item->fd); // a readFile taken back between its steps
        return;
    }
    m_ctx.rec.pool(item->label, item->worker, item->startedAt - item->queuedAt, item->startedAt, item->finishedAt,
        m_ctx.iteration);
    if (m_ctx.aborted || m_ctx.closed || m_ctx.cancelled() || item->epoch != m_ctx.epoch) {
        if (item->fd >= 0)
            ::close(item->fd);
        return;
    }
    // Each completion is a callback in the poll phase, as Node's ReadFileContext steps are.
    PoolItem& done = *item;
    auto next = [this, &item](PoolItem::Kind kind, std::uint32_t label) {
        item->kind = kind;
        item->label = label;
        submit(std::move(item));
    };
    m_callbacks.fromLoop([&] {
        switch (done.kind) {
        case PoolItem::Kind::FsStat:
            if (done.op) {
                // The program's fs.stat: its callback, as FSReqCallback's oncomplete, in this poll phase.
                m_callbacks.invoke(
                    done.op->labelId, CallbackKind::Io, [&] { m_interpreter.runBlock(done.op->body()); });
                break;
            }
            m_callbacks.invokeInternal(m_ctx.labels.esmLoader, [this] {
                Job evaluate;
                evaluate.label = m_ctx.labels.main;
                evaluate.body = &m_ctx.program->main;
                m_ctx.microtasks.push(evaluate);
                // The module evaluates in this drain; then Node's loader finishes the module's job
                // before this poll phase goes on.
                m_callbacks.drain();
                if (!m_ctx.aborted)
                    spendRealTime(m_ctx.options.costs.esmModuleEndUs);
            });
            break;
        case PoolItem::Kind::FsOpen:
            m_callbacks.invokeInternal(m_ctx.labels.fs[0], [&] {
                if (done.result < 0)
                    m_interpreter.runBlock(done.op->body());
                else
                    next(PoolItem::Kind::FsFstat, m_ctx.labels.fs[1]);
            });
            break;
        case PoolItem::Kind::FsFstat:
            m_callbacks.invokeInternal(m_ctx.labels.fs[1], [&] {
                // ReadFileContext.read() closes the file instead of reading once the signal is aborted.
                const bool read = done.size > 0 && done.result == 0 && !m_signals.aborted(*done.op);
                done.buffer.resize(std::size_t(std::max<std::int64_t>(done.size, 0)));
                next(read ? PoolItem::Kind::FsRead : PoolItem::Kind::FsClose,
                    read ? m_ctx.labels.fs[2] : m_ctx.labels.fs[3]);
            });
            break;
        case PoolItem::Kind::FsRead:
            m_callbacks.invokeInternal(m_ctx.labels.fs[2], [&] {
                if (done.result > 0)
                    done.position += done.result;
                const bool more = done.result > 0 && done.position < done.size && !m_signals.aborted(*done.op);
                next(more ? PoolItem::Kind::FsRead : PoolItem::Kind::FsClose,
                    more ? m_ctx.labels.fs[2] : m_ctx.labels.fs[3]);
            });
            break;
        case PoolItem::Kind::FileOpen:
            // FSReqCallback's oncomplete: the callback keeps the descriptor (fd_NAME = fd), then runs its body.
            m_callbacks.invoke(done.op->labelId, CallbackKind::Io, [&] {
                m_files[done.op->text.str()] = std::make_shared<OpenFile>(done.fd);
                done.fd = -1;
                m_interpreter.runBlock(done.op->body());
            });
            break;
        case PoolItem::Kind::StreamOpen:
        case PoolItem::Kind::StreamRead:
        case PoolItem::Kind::StreamClose:
            streamDone(std::move(item));
            break;
        case PoolItem::Kind::FileRead:
        case PoolItem::Kind::FileClose:
        case PoolItem::Kind::FsClose:
        case PoolItem::Kind::Pbkdf2:
            m_callbacks.invoke(done.op->labelId, CallbackKind::Io, [&] { m_interpreter.runBlock(done.op->body()); });
            break;
        }
    });
}

// Node 20's ReadStream: the open's callback asks for the first read; a read's bytes are pushed and emitted as
// 'data' inside its callback, and the next read is asked for in a nextTick after those the handler queued; a read
// of 0 bytes ends the stream, whose 'end' comes in a nextTick, and the close asked for right after it calls back
// with 'close' in a nextTick of its own.
void ThreadPoolWork::streamDone(std::unique_ptr<PoolItem> item)
{
    PoolItem& done = *item;
    const Op& op = *done.op;
    auto emitInTick = [this, &op](const Block& body) {
        if (body.empty())
            return;
        Job listener;
        listener.label = op.labelId;
        listener.body = &body;
        m_ctx.nextTick(listener);
    };
    switch (done.kind) {
    case PoolItem::Kind::StreamOpen:
        m_callbacks.invokeInternal(m_ctx.labels.fs[0], [&] {
            if (done.result < 0) {
                m_ctx.recordError(std::string("readStream: ") + uv_strerror(int(done.result)), op.labelId);
                return;
            }
            done.buffer.resize(std::size_t(op.times));
            done.kind = PoolItem::Kind::StreamRead;
            done.label = m_ctx.labels.fs[2];
            submit(std::move(item));
        });
        break;
    case PoolItem::Kind::StreamRead:
        if (done.result > 0) {
            m_callbacks.invoke(op.labelId, CallbackKind::Io, [&] { m_interpreter.runBlock(op.body()); });
            if (m_ctx.aborted || m_ctx.closed || m_ctx.cancelled() || done.epoch != m_ctx.epoch)
                break;
            // ReadStream's _read, a fs.read: what Node spends on one, as the program's fs.read op costs. Asked for
            // after the handler's drain, its microtasks too: microseconds later than Node's nextTick.
            spendRealTimeTenths(m_ctx.options.costs.callTenths(OpKind::Read));
            submit(std::move(item));
            break;
        }
        m_callbacks.invokeInternal(m_ctx.labels.fs[2], [&] {
            // A failed read is an 'error' event and no 'end' in Node; the stream is destroyed all the same.
            if (done.result == 0)
                emitInTick(op.onEnd());
            done.kind = PoolItem::Kind::StreamClose;
            done.label = m_ctx.labels.fs[3];
            submit(std::move(item));
        });
        break;
    case PoolItem::Kind::StreamClose:
        m_callbacks.invokeInternal(m_ctx.labels.fs[3], [&] { emitInTick(op.onClose()); });
        break;
    default:
        break;
    }
}

} // namespace loopscope
