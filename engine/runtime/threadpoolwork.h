#pragma once

#include "recording/poolboard.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace loopscope {

class AbortSignals;
class Callbacks;
class Interpreter;
struct DnsRequest;
struct OpenFile;
struct Op;
struct PoolItem;
struct RuntimeContext;

// Work on libuv's thread pool: fs.readFile's chain of requests, fs.stat, fs.open, fs.read, fs.close, a read stream's
// requests, crypto.pbkdf2, dns.lookup (uv_getaddrinfo), and the stat with which Node's ES module loader reads a module
// before evaluating it. Each completion is an I/O callback in the poll phase.
class ThreadPoolWork
{
public:
    ThreadPoolWork(
        RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter, const AbortSignals& signals);
    // The loop has run dry before a runtime goes: libuv holds no request of ours any more.
    ~ThreadPoolWork();
    ThreadPoolWork(const ThreadPoolWork&) = delete;
    ThreadPoolWork& operator=(const ThreadPoolWork&) = delete;

    void readFile(const Op& op);
    // fs.stat of the program's file: one thread-pool request, its callback in poll.
    void statFile(const Op& op);
    // fs.open of the program's file, read-only: one request; its callback keeps the descriptor under the op's
    // name (the script's fd_NAME) before its body runs.
    void openFile(const Op& op);
    // fs.read or fs.close of the descriptor last kept under the op's name: one request each, the callback in
    // poll. A descriptor closed already fails with EBADF, and the callback runs all the same.
    void useFile(const Op& op);
    // fs.createReadStream of a file of the op's bytes (in memory): an open, then one read of up to a chunk at a
    // time, each read asked for once the last one's callback has run, a close after the read that returns 0.
    // Each chunk's callback runs onData; "end" and "close" are nextTicks after the last read's callback and the
    // close's.
    void readStream(const Op& op);
    void pbkdf2(const Op& op);
    void dnsLookup(const Op& op);
    // Node evaluates an ES module inside a promise job once the loader has read the file.
    void loadEsmModule();
    // Node initialises OpenSSL while it starts, before any main module runs; once per process.
    static void initialiseCrypto();
    // Takes the run's thread-pool items that have not started off libuv's queue, and with
    // `stopRunning` ends the running ones at their next check point: the pool is the process's, and
    // the next run (the window's next scenario) would otherwise wait behind work nobody will see.
    void takeBack(bool stopRunning);
    // Forgets the descriptors the program's names hold (abandoned work): each is closed once no request in
    // flight uses it.
    void forgetFiles() { m_files.clear(); }
    // Requests submitted and not yet handed back (DNS lookups too); 0 once the loop has run dry.
    std::uint32_t inFlight() const { return m_inFlight; }

private:
    void submit(std::unique_ptr<PoolItem> item);
    // `status` is UV_ECANCELED for an item taken back before a pool thread started it.
    void poolDone(std::unique_ptr<PoolItem> item, int status);
    // A readStream's request came back: its callback, and the stream's next request.
    void streamDone(std::unique_ptr<PoolItem> item);
    void lookupDone(const DnsRequest& lookup, int status);

    RuntimeContext& m_ctx;
    Callbacks& m_callbacks;
    Interpreter& m_interpreter;
    const AbortSignals& m_signals;
    std::uint32_t m_inFlight = 0;
    std::unordered_set<PoolItem*> m_items; // in flight (m_inFlight counts DNS lookups too)
    // The script's fd_NAME variables: the descriptor each name was last given by its open's callback.
    std::unordered_map<std::string, std::shared_ptr<OpenFile>> m_files;
};

} // namespace loopscope
