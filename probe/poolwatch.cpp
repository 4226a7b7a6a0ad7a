#include "poolwatch.h"

#include "elfsymbols.h"
#include "worktable.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string_view>

namespace loopscope::probe {

const std::vector<std::string_view> PoolWatch::Imports { "pthread_mutex_unlock" };

namespace {

using WorkFunction = void (*)(struct uv__work*);

// libuv's queue links, next then prev: `void* [2]` before 1.45, `struct uv__queue` since.
struct Link
{
    Link* next;
    Link* prev;
};

// libuv's threadpool.c statics, found by name.
struct Statics
{
    Link* wq = nullptr;
    pthread_mutex_t* mutex = nullptr; // uv_mutex_t
    unsigned* nthreads = nullptr;
    unsigned* idleThreads = nullptr;
    pthread_t** threads = nullptr; // uv_thread_t*
    Link* runSlowWorkMessage = nullptr;
    Link* slowIoPendingWq = nullptr;
    Link* exitMessage = nullptr;
};

// The work functions libuv gives the requests node makes, which say what a work item is.
struct Kinds
{
    WorkFunction fs = nullptr;
    WorkFunction getaddrinfo = nullptr;
    WorkFunction getnameinfo = nullptr;
    WorkFunction queueWork = nullptr; // uv_queue_work: node's crypto and zlib jobs
    WorkFunction random = nullptr;
};

} // namespace

namespace {

WorkTable* s_table = nullptr; // for the life of the process, once the watch started
Statics s_statics;
Kinds s_kinds;
PoolWatch::Clock s_clock = nullptr;
const ElfSymbols* s_symbols = nullptr;
// Set (release) once every static above is in place; the hook reads it (acquire) before any of them.
std::atomic<bool> s_watching { false };
// Why the watch stopped following new work, once it did (a string literal; null while it follows).
std::atomic<const char*> s_lost { nullptr };
using Unlock = int (*)(pthread_mutex_t*);
// What node's GOT slots held before the hook went in: what the hook calls, and what goes back at stop.
std::atomic<Unlock> s_realUnlock { nullptr };
std::vector<void**>* s_hookedSlots = nullptr;
std::size_t s_wqOffset = offsetof(struct uv__work, wq);
std::uintptr_t s_pageSize = 4096;

struct uv__work* workOf(Link* link)
{
    return reinterpret_cast<struct uv__work*>(reinterpret_cast<char*>(link) - s_wqOffset);
}

template <typename Request> Request* requestOf(struct uv__work* work)
{
    return reinterpret_cast<Request*>(reinterpret_cast<char*>(work) - offsetof(Request, work_req));
}

const char* fsTypeName(uv_fs_type type)
{
    switch (type) {
    case UV_FS_OPEN:
        return "fs.open";
    case UV_FS_CLOSE:
        return "fs.close";
    case UV_FS_READ:
        return "fs.read";
    case UV_FS_WRITE:
        return "fs.write";
    case UV_FS_SENDFILE:
        return "fs.sendfile";
    case UV_FS_STAT:
        return "fs.stat";
    case UV_FS_LSTAT:
        return "fs.lstat";
    case UV_FS_FSTAT:
        return "fs.fstat";
    case UV_FS_FTRUNCATE:
        return "fs.ftruncate";
    case UV_FS_UTIME:
        return "fs.utime";
    case UV_FS_FUTIME:
        return "fs.futime";
    case UV_FS_ACCESS:
        return "fs.access";
    case UV_FS_CHMOD:
        return "fs.chmod";
    case UV_FS_FCHMOD:
        return "fs.fchmod";
    case UV_FS_FSYNC:
        return "fs.fsync";
    case UV_FS_FDATASYNC:
        return "fs.fdatasync";
    case UV_FS_UNLINK:
        return "fs.unlink";
    case UV_FS_RMDIR:
        return "fs.rmdir";
    case UV_FS_MKDIR:
        return "fs.mkdir";
    case UV_FS_MKDTEMP:
        return "fs.mkdtemp";
    case UV_FS_RENAME:
        return "fs.rename";
    case UV_FS_SCANDIR:
        return "fs.scandir";
    case UV_FS_LINK:
        return "fs.link";
    case UV_FS_SYMLINK:
        return "fs.symlink";
    case UV_FS_READLINK:
        return "fs.readlink";
    case UV_FS_CHOWN:
        return "fs.chown";
    case UV_FS_FCHOWN:
        return "fs.fchown";
    case UV_FS_REALPATH:
        return "fs.realpath";
    case UV_FS_COPYFILE:
        return "fs.copyfile";
    case UV_FS_LCHOWN:
        return "fs.lchown";
    case UV_FS_OPENDIR:
        return "fs.opendir";
    case UV_FS_READDIR:
        return "fs.readdir";
    case UV_FS_CLOSEDIR:
        return "fs.closedir";
    default:
        return "fs";
    }
}

// node's uv_queue_work jobs by the class of the job (its vtable's name): the names LoopScope's own
// runs give them where it has them.
const char* jobName(std::string_view vtable)
{
    if (vtable.find("PBKDF2") != std::string_view::npos)
        return "pbkdf2";
    if (vtable.find("Scrypt") != std::string_view::npos)
        return "scrypt";
    if (vtable.find("Random") != std::string_view::npos)
        return "randomBytes";
    if (vtable.find("Hash") != std::string_view::npos || vtable.find("crypto") != std::string_view::npos)
        return "crypto";
    if (vtable.find("Compression") != std::string_view::npos || vtable.find("Zlib") != std::string_view::npos)
        return "zlib";
    return "uv_queue_work";
}

// The labels, named once before the watch starts.
struct Labels
{
    std::uint32_t fs[64] = {};
    std::uint32_t getaddrinfo = 0, getnameinfo = 0, random = 0;
    std::uint32_t pbkdf2 = 0, scrypt = 0, randomBytes = 0, crypto = 0, zlib = 0, work = 0;
} s_labels;

} // namespace

namespace {

std::uint32_t labelOf(struct uv__work* work)
{
    const WorkFunction function = work->work;
    if (function == s_kinds.fs) {
        const int type = requestOf<uv_fs_t>(work)->fs_type;
        return s_labels.fs[type >= 0 && type < 64 ? type : 0];
    }
    if (function == s_kinds.getaddrinfo)
        return s_labels.getaddrinfo;
    if (function == s_kinds.getnameinfo)
        return s_labels.getnameinfo;
    if (function == s_kinds.random)
        return s_labels.random;
    if (function == s_kinds.queueWork) {
        // node's job object holds the request right after its vtable pointer (ThreadPoolWork: the vptr,
        // the environment, the request): the class of the vtable just before the request names the job.
        // The words before the request are read only where they lie on the request's own page, which is
        // mapped: a uv_work_t that is not node's (an addon's) may start a page.
        std::string_view vtable;
        void* const* words = reinterpret_cast<void* const*>(requestOf<uv_work_t>(work));
        const std::size_t onPage = (reinterpret_cast<std::uintptr_t>(words) & (s_pageSize - 1)) / sizeof(void*);
        for (std::size_t back = 1; back <= 4 && back <= onPage && vtable.empty(); ++back)
            vtable = s_symbols->vtableOf(words[-std::ptrdiff_t(back)]);
        const std::string_view kind = jobName(vtable);
        if (kind == "pbkdf2")
            return s_labels.pbkdf2;
        if (kind == "scrypt")
            return s_labels.scrypt;
        if (kind == "randomBytes")
            return s_labels.randomBytes;
        if (kind == "crypto")
            return s_labels.crypto;
        if (kind == "zlib")
            return s_labels.zlib;
    }
    return s_labels.work;
}

// Stops following new work (the work followed so far still runs, and is still timed): said once, why.
void stopFollowing(const char* why)
{
    const char* none = nullptr;
    s_lost.compare_exchange_strong(none, why, std::memory_order_acq_rel);
}

// With the pool's mutex held: follows `work`, queued `at`, unless it is already; false when it cannot
// (the watch then stops following new work, and the work is left as it is).
bool wrap(struct uv__work* work, std::int64_t at)
{
    if (WorkTable::isTrampoline(work->work))
        return true;
    const WorkTable::WorkFunction trampoline = s_table->trampolineFor(work->work);
    if (!trampoline) {
        stopFollowing("more kinds of work than it can tell apart");
        return false;
    }
    if (!s_table->claim(work, labelOf(work), at)) {
        stopFollowing("more work at once than it can follow");
        return false;
    }
    work->work = trampoline;
    return true;
}

// With the pool's mutex held, as the mutex is let go: wraps the work queued since the last look. Work is
// only ever added at a queue's tail, so the look goes from each tail back to the first item wrapped.
void catchNewest(std::int64_t at)
{
    for (Link* queue : { s_statics.wq, s_statics.slowIoPendingWq }) {
        for (Link* link = queue->prev; link && link != queue; link = link->prev) {
            if (link == s_statics.exitMessage || link == s_statics.runSlowWorkMessage)
                continue;
            struct uv__work* work = workOf(link);
            if (WorkTable::isTrampoline(work->work) || !wrap(work, at))
                break;
        }
    }
}

// With the pool's mutex held, by the sampler: wraps what is not yet, and marks in `seen` the slots whose
// work still waits in the queue.
void catchAll(std::int64_t at, std::vector<bool>& seen)
{
    const auto visit = [&](Link* link) {
        struct uv__work* work = workOf(link);
        if (WorkTable::isTrampoline(work->work)) {
            if (WorkTable::Slot* slot = s_table->waiting(work)) {
                const std::size_t index = s_table->indexOf(*slot);
                if (index < seen.size())
                    seen[index] = true;
            }
            return true;
        }
        return !s_lost.load(std::memory_order_relaxed) && wrap(work, at);
    };
    bool room = true;
    for (Link* link = s_statics.wq->next; room && link && link != s_statics.wq; link = link->next) {
        if (link == s_statics.exitMessage)
            continue;
        if (link != s_statics.runSlowWorkMessage) {
            room = visit(link);
            continue;
        }
        for (Link* slow = s_statics.slowIoPendingWq->next; room && slow && slow != s_statics.slowIoPendingWq;
             slow = slow->next)
            room = visit(slow);
    }
}

// node's pthread_mutex_unlock: the pool's mutex is let go after work was queued (and at every other
// turn of the pool), so work is wrapped, and its queued time taken, before any thread can take it. It
// calls what node's GOT slot held before (libc's, or whatever the program runs under): never null, as
// the hook is put in only once that is kept.
int unlockHook(pthread_mutex_t* mutex) noexcept
{
    if (mutex == s_statics.mutex && s_watching.load(std::memory_order_acquire)
        && !s_lost.load(std::memory_order_relaxed))
        catchNewest(s_clock());
    const Unlock real = s_realUnlock.load(std::memory_order_acquire);
    return real ? real(mutex) : pthread_mutex_unlock(mutex);
}

// The pool thread this is: 1..threads, 0 when not one of them.
std::uint16_t poolThread()
{
    const pthread_t self = pthread_self();
    const unsigned count = __atomic_load_n(s_statics.nthreads, __ATOMIC_RELAXED);
    const pthread_t* threads = __atomic_load_n(s_statics.threads, __ATOMIC_RELAXED);
    for (unsigned i = 0; threads && i < count; ++i) {
        if (pthread_equal(threads[i], self))
            return std::uint16_t(i + 1);
    }
    return 0;
}

} // namespace

namespace {

// The permissions of the mapping holding `address` (PROT_*), from /proc/self/maps; -1 when not found.
int protectionOf(const void* address)
{
    FILE* maps = std::fopen("/proc/self/maps", "re");
    if (!maps)
        return -1;
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    char line[512];
    int protection = -1;
    while (protection < 0 && std::fgets(line, sizeof line, maps)) {
        unsigned long from = 0, to = 0;
        char perms[5] = {};
        if (std::sscanf(line, "%lx-%lx %4s", &from, &to, perms) == 3 && at >= from && at < to) {
            protection = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0)
                | (perms[2] == 'x' ? PROT_EXEC : 0);
        }
    }
    std::fclose(maps);
    return protection;
}

} // namespace

bool pointSlots(const std::vector<void**>& slots, void* function)
{
    const auto pageSize = std::uintptr_t(sysconf(_SC_PAGESIZE));
    for (void** slot : slots) {
        const int protection = protectionOf(slot);
        if (protection < 0)
            return false;
        void* start = reinterpret_cast<void*>(reinterpret_cast<std::uintptr_t>(slot) & ~(pageSize - 1));
        if (!(protection & PROT_WRITE) && mprotect(start, pageSize, protection | PROT_WRITE) != 0)
            return false;
        __atomic_store_n(slot, function, __ATOMIC_RELEASE);
        if (!(protection & PROT_WRITE))
            mprotect(start, pageSize, protection);
    }
    return !slots.empty();
}

bool PoolWatch::start(uv_loop_t* loop, const ElfSymbols& symbols, Clock clock, const Name& name, std::string* why)
{
    if (!symbols.found()) {
        *why = symbols.problem();
        return false;
    }
    Statics& s = s_statics;
    s.wq = static_cast<Link*>(symbols.address("wq"));
    // Other files have statics named mutex and threads too: threadpool.c's lie beside its wq.
    s.mutex = static_cast<pthread_mutex_t*>(symbols.address("mutex", s.wq));
    s.nthreads = static_cast<unsigned*>(symbols.address("nthreads", s.wq));
    s.idleThreads = static_cast<unsigned*>(symbols.address("idle_threads", s.wq));
    s.threads = static_cast<pthread_t**>(symbols.address("threads", s.wq));
    s.runSlowWorkMessage = static_cast<Link*>(symbols.address("run_slow_work_message", s.wq));
    s.slowIoPendingWq = static_cast<Link*>(symbols.address("slow_io_pending_wq", s.wq));
    s.exitMessage = static_cast<Link*>(symbols.address("exit_message", s.wq));
    s_kinds.fs = reinterpret_cast<WorkFunction>(symbols.address("uv__fs_work"));
    s_kinds.getaddrinfo = reinterpret_cast<WorkFunction>(symbols.address("uv__getaddrinfo_work"));
    s_kinds.getnameinfo = reinterpret_cast<WorkFunction>(symbols.address("uv__getnameinfo_work"));
    s_kinds.queueWork = reinterpret_cast<WorkFunction>(symbols.address("uv__queue_work"));
    s_kinds.random = reinterpret_cast<WorkFunction>(symbols.address("uv__random_work"));
    // Each of them within a few kilobytes of wq, or they are not threadpool.c's.
    const auto near = [&s](const void* p) {
        const auto d = reinterpret_cast<std::uintptr_t>(p) - reinterpret_cast<std::uintptr_t>(s.wq);
        return p && (d < 4096 || -d < 4096);
    };
    if (!s.wq || !near(s.mutex) || !near(s.nthreads) || !near(s.idleThreads) || !near(s.threads)
        || !near(s.runSlowWorkMessage) || !near(s.slowIoPendingWq) || !near(s.exitMessage) || !s_kinds.fs) {
        *why = "libuv's thread-pool statics are not in node's symbol table";
        return false;
    }
    s_pageSize = std::uintptr_t(sysconf(_SC_PAGESIZE));
    s_clock = clock;
    s_table = &WorkTable::make({ clock, &poolThread });
    for (int type = 0; type < 64; ++type)
        s_labels.fs[type] = name(fsTypeName(uv_fs_type(type)));
    s_labels.getaddrinfo = name("getaddrinfo");
    s_labels.getnameinfo = name("getnameinfo");
    s_labels.random = name("random");
    s_labels.pbkdf2 = name("pbkdf2");
    s_labels.scrypt = name("scrypt");
    s_labels.randomBytes = name("randomBytes");
    s_labels.crypto = name("crypto");
    s_labels.zlib = name("zlib");
    s_labels.work = name("uv_queue_work");
    m_loop = loop;
    s_symbols = &symbols;
    m_watching = true;
    // The function node's slots are resolved to (not what they hold: with lazy binding, the resolver's
    // stub, which would write the slot over), kept before the hook goes in.
    s_realUnlock.store(
        reinterpret_cast<Unlock>(dlsym(RTLD_DEFAULT, "pthread_mutex_unlock")), std::memory_order_release);
    s_watching.store(true, std::memory_order_release);
    if (s_realUnlock.load(std::memory_order_relaxed)) {
        s_hookedSlots = new std::vector<void**>(symbols.importSlots("pthread_mutex_unlock"));
        m_hooked = pointSlots(*s_hookedSlots, reinterpret_cast<void*>(&unlockHook));
    }
    return true;
}

void PoolWatch::stop()
{
    if (!m_watching)
        return;
    // Node's calls go straight to pthread_mutex_unlock again; a pool thread inside the hook finishes there
    // (the probe's code stays loaded), and work followed so far still runs through its trampoline.
    if (m_hooked)
        pointSlots(*s_hookedSlots, reinterpret_cast<void*>(s_realUnlock.load(std::memory_order_relaxed)));
    m_hooked = false;
    s_watching.store(false, std::memory_order_release);
    m_watching = false;
}

const char* PoolWatch::lost() const
{
    return s_lost.load(std::memory_order_acquire);
}

std::uint32_t PoolWatch::threads() const
{
    return m_watching ? __atomic_load_n(s_statics.nthreads, __ATOMIC_RELAXED) : 0;
}

void PoolWatch::sample(const std::function<void(const Record&)>& finished, wire::PoolNow& now)
{
    now = {};
    if (!m_watching)
        return;
    const std::int64_t at = s_clock();
    std::vector<bool> seen(s_table->used(), false);
    std::vector<wire::PoolNow::Item> waiting;
    // Nothing is allocated while node's pool waits for its mutex.
    waiting.reserve(seen.size());
    now.items.reserve(seen.size());
    pthread_mutex_lock(s_statics.mutex);
    catchAll(at, seen);
    now.threads = *s_statics.nthreads;
    now.busy = now.threads - std::min(now.threads, *s_statics.idleThreads);
    // Slots are freed with the mutex held, as they are claimed.
    for (std::size_t i = 0; i < seen.size(); ++i) {
        WorkTable::Slot& slot = s_table->slot(i);
        const WorkTable::State state = slot.state.load(std::memory_order_acquire);
        if (state == WorkTable::State::Done) {
            Record r;
            r.type = RecordType::Pool;
            r.sub = std::uint8_t(CallbackKind::Work);
            r.thread = slot.worker;
            r.label = slot.label;
            r.startNs = slot.startedAtNs;
            const std::int64_t durNs = std::max<std::int64_t>(0, slot.finishedAtNs - slot.startedAtNs);
            r.span = { durNs, std::max<std::int64_t>(0, slot.startedAtNs - slot.queuedAtNs), durNs, 1, 0 };
            finished(r);
            s_table->release(slot);
        } else if (state == WorkTable::State::Running) {
            now.items.push_back({ slot.label, slot.queuedAtNs, slot.startedAtNs, slot.worker });
        } else if (state == WorkTable::State::Waiting) {
            // Not in the queue: taken by a thread a moment ago (its trampoline runs next), or cancelled
            // (uv_cancel put its own function in): after a while, the latter, no longer shown. The slot
            // stays until the request is queued again.
            if (seen[i] || ++slot.unseenSamples < 100)
                waiting.push_back({ slot.label, slot.queuedAtNs, -1, 0 });
        }
    }
    pthread_mutex_unlock(s_statics.mutex);

    // What runs, then the longest waiting, as many as a view shows; the count says how many wait.
    now.waiting = std::uint32_t(waiting.size());
    std::sort(waiting.begin(), waiting.end(), [](const auto& a, const auto& b) { return a.queuedAtNs < b.queuedAtNs; });
    waiting.resize(std::min(waiting.size(), wire::PoolNow::MaxItems));
    now.items.insert(now.items.end(), waiting.begin(), waiting.end());

    // Finished, and waiting for its callback: the loop's own queue of done work.
    uv_mutex_lock(&m_loop->wq_mutex);
    const auto* done = reinterpret_cast<const Link*>(&m_loop->wq);
    for (const Link* link = done->next; link && link != done; link = link->next)
        ++now.finished;
    uv_mutex_unlock(&m_loop->wq_mutex);
}

} // namespace loopscope::probe
