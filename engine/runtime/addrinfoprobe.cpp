#include "runtime/addrinfoprobe.h"

#include <dlfcn.h>
#include <netdb.h>

#include <mutex>
#include <unordered_map>

namespace loopscope {

namespace {

struct Entry
{
    AddrinfoProbe::Timing timing;
    PoolBoard* board = nullptr;
    std::uint64_t boardId = 0;
    LiveState* live = nullptr;
    bool expected = false;
};

std::mutex& registryMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::unordered_map<const char*, Entry>& registry()
{
    static std::unordered_map<const char*, Entry> entries;
    return entries;
}

} // namespace

void AddrinfoProbe::expect(const char* hostname, PoolBoard* board, std::uint64_t boardId, LiveState* live)
{
    std::lock_guard lock(registryMutex());
    Entry& entry = registry()[hostname];
    entry.board = board;
    entry.boardId = boardId;
    entry.live = live;
    entry.expected = true;
    if (live)
        live->poolQueued.fetch_add(entry.timing.startedNs < 0 ? 1 : 0, std::memory_order_relaxed);
    if (entry.timing.startedNs >= 0 && entry.timing.finishedNs < 0) {
        if (live)
            live->poolActive.fetch_add(1, std::memory_order_relaxed);
        if (board)
            board->started(boardId, entry.timing.worker, entry.timing.startedNs);
    }
}

AddrinfoProbe::Timing AddrinfoProbe::take(const char* hostname)
{
    std::lock_guard lock(registryMutex());
    auto found = registry().find(hostname);
    if (found == registry().end())
        return {};
    const Timing timing = found->second.timing;
    registry().erase(found);
    return timing;
}

void AddrinfoProbe::started(const char* hostname)
{
    std::lock_guard lock(registryMutex());
    Entry& entry = registry()[hostname];
    entry.timing.startedNs = monotonicNs();
    entry.timing.worker = poolWorkerIndex();
    if (entry.expected) {
        if (entry.live) {
            entry.live->poolQueued.fetch_sub(1, std::memory_order_relaxed);
            entry.live->poolActive.fetch_add(1, std::memory_order_relaxed);
        }
        if (entry.board)
            entry.board->started(entry.boardId, entry.timing.worker, entry.timing.startedNs);
    }
}

void AddrinfoProbe::finished(const char* hostname)
{
    std::lock_guard lock(registryMutex());
    auto found = registry().find(hostname);
    if (found == registry().end())
        return;
    Entry& entry = found->second;
    entry.timing.finishedNs = monotonicNs();
    if (!entry.expected)
        return;
    if (entry.live)
        entry.live->poolActive.fetch_sub(1, std::memory_order_relaxed);
    if (entry.board)
        entry.board->finished(entry.boardId);
}

} // namespace loopscope

// The interposed resolver: the dynamic linker binds libuv's call here because
// executables come first in symbol lookup; the real one is the next definition.
extern "C" int getaddrinfo(const char* node, const char* service, const struct addrinfo* hints, struct addrinfo** res)
{
    using Resolver = int (*)(const char*, const char*, const struct addrinfo*, struct addrinfo**);
    static const Resolver real = reinterpret_cast<Resolver>(dlsym(RTLD_NEXT, "getaddrinfo"));
    if (!real)
        return EAI_SYSTEM;
    loopscope::AddrinfoProbe::started(node);
    const int rc = real(node, service, hints, res);
    loopscope::AddrinfoProbe::finished(node);
    return rc;
}
