#pragma once

#include "recording/events.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/socket.h>
#include <sys/un.h>

// The stream a probe inside a Node.js program sends LoopScope over a socket (loopscope --attach): what
// the program's loops did, as records of the recording model itself (recording/events.h), so that what
// arrives is recorded as a run of LoopScope's own is, and every view, the replay and the exports work
// on it unchanged.
//
// The stream is an opening (Opening) and frames: a tag byte, the payload's length as a LEB128 varint,
// the payload. Records travel in blocks of at most recordcodec::BlockRecords, encoded as a kept
// recording holds them (each record told against the last one of its kind, as zigzag varints): a few
// bytes a record where the raw records are 48. The strings records name (callback labels, resource
// types, console lines) travel once each, numbered by the probe; a record's label is that number. A
// frame whose tag this reader does not know is skipped whole: a newer probe may say more.
namespace loopscope::wire {

inline constexpr std::string_view Opening = "LSWIRE1\n"; // the framing's; Version is the content's
// 3: a probe sends the timers, poll, check and close phases; pending, idle and prepare are the reader's to
// record (2: poll and check only).
inline constexpr std::uint32_t Version = 3;
// No frame is larger: a block of records is at most a few kilobytes, a string at most StringBytes.
inline constexpr std::size_t MaxFrameBytes = std::size_t(1) << 20;
inline constexpr std::size_t StringBytes = 64 * 1024;

enum class Tag : std::uint8_t {
    Hello = 1, // varint version, pid, thread-pool size; node's version, libuv's version; varint origin, unobserved
    Thread = 2, // varint thread id (as records name threads), its name
    String = 3, // varint id, the text
    Records = 4, // varint count, then the records as one recordcodec block
    Dropped = 5, // varint count: records the probe could not send (its buffer was full)
    Unavailable = 6, // what the probe cannot see, once each ("the JavaScript queues' contents")
    Now = 7, // where the main loop is now: varint iteration, phase, flags, varint since; label, kind, varint since;
             // varint poll timeout + 1 (0: for ever), poll reason
    Pool = 8, // the thread pool now: varint threads, busy, finished, waiting, count; each: label, queued, started + 1,
              // worker
    LoopTimes = 9, // as the program exits: varint loop start + 1 (0: it never started), varint idle time
    End = 10, // nothing: the probe stopped as the program exits, and nothing more comes (a stream that ends
              // without it was cut: the program was killed, or closed the probe's socket)
    Exit = 11, // varint exit code: the status the program exits with (what its 'exit' event is given), told
               // for a process LoopScope cannot wait for itself (a child it follows, --follow-children)
    Samples = 12, // a callback that blocked its loop, its JavaScript stacks sampled as far as it has run (a later
                  // frame for the same callback replaces it): varint thread, varint callback start, varint
                  // interval ns, varint stacks; each: varint hits, varint depth, that many varint labels
                  // (strings the probe sent, the outermost frame first)
    Output = 13, // bytes the program wrote to its standard output or error (OutputMark): varint fd, varint
                 // start, varint length, varint label, varint hash
};

// What an Unavailable frame says when the probe no longer sees what joins the JavaScript queues (it
// marks the phases only from then on, it failed, or the program's own async_hooks took its promise hooks
// back): the recording's queues are then not seen (UnobservedQueues), whatever the hello said.
inline constexpr std::string_view QueuesUnavailable = "the JavaScript queues' contents";

struct Hello
{
    std::uint32_t version = Version;
    std::uint64_t pid = 0;
    std::uint32_t threadpoolSize = 4;
    std::string node; // process.version
    std::string libuv; // process.versions.uv
    // The CLOCK_MONOTONIC time (uv_hrtime) that records' times count from: the probe's start.
    std::uint64_t originNs = 0;
    std::uint8_t unobserved = 0; // what the probe does not see (loopscope::Unobserved)
};

// What performance.eventLoopUtilization() reads as the program exits, on the probe's clock: when the main
// loop started (Node's loopStart milestone: after a CommonJS main module ran, before an ES module's) and
// the time libuv has spent idle in poll since (uv_metrics_idle_time).
struct LoopTimes
{
    std::int64_t loopStartNs = -1; // -1: the loop never started (the program ended in its main module)
    std::int64_t idleNs = 0;
    bool operator==(const LoopTimes& o) const { return loopStartNs == o.loopStartNs && idleNs == o.idleNs; }
};

// What LoopScope may tell the probe while the program runs, a byte each, on the same socket the stream
// comes on: label and time every callback (the default), or only mark the phases (what it costs the
// program is then the markers' alone).
// Detach: when LoopScope's end of the socket hangs up, the probe goes quiet and the program runs on
// (without it, the probe ends the program as LoopScope's own stop would: LoopScope was killed).
// Release (a program attached to as it ran): the probe sends what it holds, ends its stream, and takes
// itself out; the program runs on.
enum class Control : std::uint8_t { EveryCallback = 'C', MarkersOnly = 'M', Detach = 'D', Release = 'R' };

// Where the probe's socket goes in a program, when the open-files limit allows: at or above this number,
// the last below the commonest limit, 1024, far above the twenty or so descriptors node opens as it
// starts, so that every descriptor the program inherits or opens first keeps the number it has without
// the probe. LoopScope places the attached program's there, and a followed child's probe its own.
inline constexpr int ProbeFdFloor = 1023;

// Where a followed child's probe finds LoopScope: `name` in Linux's abstract namespace (sun_path[0] is '\0':
// no file, gone with the last socket), and the length bind and connect take. Nothing for a name that is
// empty or does not fit.
struct AbstractAddress
{
    sockaddr_un address {};
    socklen_t length = 0;
};
inline std::optional<AbstractAddress> abstractAddress(std::string_view name)
{
    AbstractAddress at;
    if (name.empty() || name.size() >= sizeof at.address.sun_path)
        return std::nullopt;
    at.address.sun_family = AF_UNIX;
    std::memcpy(at.address.sun_path + 1, name.data(), name.size());
    at.length = socklen_t(offsetof(sockaddr_un, sun_path) + 1 + name.size());
    return at;
}

// How long a program has to end on SIGTERM before it is killed, when LoopScope stops it or, LoopScope
// gone, the probe does.
inline constexpr int StopGraceMs = 2000;

// Where the main loop is at the moment the probe's sender looked (every few milliseconds): records
// arrive only once what they tell has ended, and a callback that blocks the loop for seconds would
// otherwise show nothing until it returns.
struct Now
{
    std::uint32_t iteration = 0;
    Phase phase = Phase::Timers;
    bool inPhase = false; // false: between the probe's markers, in a phase it does not time
    std::int64_t phaseStartNs = 0;
    bool inCallback = false;
    std::uint32_t callbackLabel = 0; // a string the probe sent
    CallbackKind callbackKind = CallbackKind::Io;
    std::int64_t callbackStartNs = 0;
    std::int64_t pollTimeoutMs = 0; // how long the last poll would wait (-1: for ever), and why
    PollReason pollReason = PollReason::NoWait;
};

// The thread pool at the moment the probe's sender looked.
struct PoolNow
{
    std::uint32_t threads = 0; // the pool's size, once it has started (0 before)
    std::uint32_t busy = 0; // threads running work
    std::uint32_t finished = 0; // work done whose callback the loop has not called yet
    std::uint32_t waiting = 0; // work waiting for a thread, all of it (items lists MaxItems at most)
    static constexpr std::size_t MaxItems = 200;
    struct Item
    {
        std::uint32_t label = 0; // a string the probe sent
        std::int64_t queuedAtNs = 0;
        std::int64_t startedAtNs = -1; // -1: waiting for a thread
        std::uint16_t worker = 0; // 1..threads while it runs
        bool operator==(const Item& o) const
        {
            return label == o.label && queuedAtNs == o.queuedAtNs && startedAtNs == o.startedAtNs && worker == o.worker;
        }
    };
    std::vector<Item> items; // the work running, then the longest waiting
    bool operator==(const PoolNow& o) const
    {
        return threads == o.threads && busy == o.busy && finished == o.finished && waiting == o.waiting
            && items == o.items;
    }
};

// The JavaScript stacks sampled while one callback blocked its loop longer than the probe's threshold.
struct BlockSamples
{
    std::uint16_t thread = MainThread;
    std::int64_t callbackStartNs = 0; // the callback's start, which its record has too
    std::int64_t intervalNs = 0; // the time between two samples
    struct Stack
    {
        std::uint32_t hits = 0;
        std::vector<std::uint32_t> frames; // labels, the outermost frame first
        bool operator==(const Stack& o) const { return hits == o.hits && frames == o.frames; }
    };
    std::vector<Stack> stacks;
    bool operator==(const BlockSamples& o) const
    {
        return thread == o.thread && callbackStartNs == o.callbackStartNs && intervalNs == o.intervalNs
            && stacks == o.stacks;
    }
};

// Bytes the program wrote to its standard output (fd 1) or error (fd 2) with one write, while a callback of
// its main thread ran: where they lie in all the program wrote to that descriptor, the callback's label (a
// string the probe sent), and their FNV-1a hash, by which the reader of the program's output checks that
// its bytes at that place are these (a write the probe did not count, a native addon's or a child's, shifts
// the bytes after it: the hash then differs, and those lines are not named).
struct OutputMark
{
    std::uint8_t fd = 1;
    std::uint64_t start = 0;
    std::uint64_t length = 0;
    std::uint32_t label = 0;
    std::uint32_t hash = 0;
    bool operator==(const OutputMark& o) const
    {
        return fd == o.fd && start == o.start && length == o.length && label == o.label && hash == o.hash;
    }
};

// FNV-1a over `bytes`, continued from `hash` (OutputMark::hash).
inline constexpr std::uint32_t OutputHashStart = 2166136261u;
inline std::uint32_t outputHash(std::uint32_t hash, const unsigned char* bytes, std::size_t size)
{
    for (std::size_t i = 0; i < size; ++i)
        hash = (hash ^ bytes[i]) * 16777619u;
    return hash;
}

inline bool operator==(const Now& a, const Now& b)
{
    return a.iteration == b.iteration && a.phase == b.phase && a.inPhase == b.inPhase
        && a.phaseStartNs == b.phaseStartNs && a.inCallback == b.inCallback && a.callbackLabel == b.callbackLabel
        && a.callbackKind == b.callbackKind && a.callbackStartNs == b.callbackStartNs
        && a.pollTimeoutMs == b.pollTimeoutMs && a.pollReason == b.pollReason;
}

// Writes a stream: the opening at once, then a frame per call. The probe's sender takes the bytes as
// they come (take()); a second writer can add frames to the same stream (AfterOpening).
class Writer
{
public:
    enum class Start { WithOpening, AfterOpening };
    explicit Writer(Start start = Start::WithOpening);

    void hello(const Hello& hello);
    void thread(std::uint16_t id, std::string_view name);
    // A string longer than StringBytes is cut there (at a character boundary).
    void string(std::uint32_t id, std::string_view text);
    // `count` records, at most recordcodec::BlockRecords.
    void records(const Record* records, std::size_t count);
    void dropped(std::uint64_t count);
    void unavailable(std::string_view what);
    void now(const Now& now);
    void pool(const PoolNow& pool);
    void loopTimes(const LoopTimes& times);
    void exited(int code);
    void samples(const BlockSamples& samples);
    void output(const OutputMark& mark);
    // The last frame: the probe stopped as the program exits.
    void end();

    std::size_t size() const { return m_bytes.size(); }
    // The bytes written since the last take().
    std::vector<std::uint8_t> take();

private:
    void frame(Tag tag, const std::vector<std::uint8_t>& payload);

    std::vector<std::uint8_t> m_bytes;
    std::vector<std::uint8_t> m_payload;
};

// What a Reader found in a stream, frame by frame.
class Sink
{
public:
    virtual ~Sink() = default;
    virtual void hello(const Hello& hello) = 0;
    virtual void thread(std::uint16_t id, const std::string& name) = 0;
    virtual void string(std::uint32_t id, const std::string& text) = 0;
    // Records as the probe numbered their labels.
    virtual void records(const Record* records, std::size_t count) = 0;
    virtual void dropped(std::uint64_t count) = 0;
    virtual void unavailable(const std::string& what) = 0;
    virtual void now(const Now& now) = 0;
    virtual void pool(const PoolNow& pool) = 0;
    virtual void loopTimes(const LoopTimes& times) = 0;
    virtual void exited(int code) = 0;
    // A blocked callback's stacks (labels as the probe numbered them); a sink that does not keep them
    // need not say so.
    virtual void samples(const BlockSamples&) { }
    // Who wrote some of the program's output (the label as the probe numbered it); a sink that does not
    // name its lines need not say so.
    virtual void output(const OutputMark&) { }
};

// Reads a stream as it arrives, in pieces of any size: each complete frame goes to the sink, a frame
// cut by the end of a piece waits for the next. A damaged stream (a wrong opening, a frame too large,
// a payload that does not decode) stops the reader with an error that says what and where; it never
// reads past it.
class Reader
{
public:
    explicit Reader(Sink& sink);

    // False once the stream is found damaged (error()).
    bool feed(const std::uint8_t* bytes, std::size_t size);
    // The stream ended: false when it ended inside the opening or a frame.
    bool finish();
    const std::string& error() const { return m_error; }
    // Bytes read so far, the opening included.
    std::uint64_t offset() const { return m_offset; }
    // True once the probe said it stopped (Tag::End): a stream that ends without it was cut.
    bool ended() const { return m_ended; }

private:
    // Reads the frame at the start of m_pending, if it is complete: its length in `used`.
    bool frame(std::size_t& used);
    bool dispatch(Tag tag, const std::uint8_t* payload, std::size_t size);
    bool fail(std::string what);

    Sink& m_sink;
    std::vector<std::uint8_t> m_pending;
    std::vector<Record> m_decoded;
    std::uint64_t m_offset = 0; // of m_pending's first byte in the stream
    bool m_opened = false;
    bool m_ended = false;
    std::string m_error;
};

} // namespace loopscope::wire
