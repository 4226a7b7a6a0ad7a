#pragma once

#include "attach/attachrun.h"
#include "attach/ingest.h"
#include "attach/wire.h"

#include <cstdint>
#include <string>
#include <string_view>

#include <sys/types.h>

namespace loopscope::wire {

class FollowedChildren;

// One of the program's output streams, read into lines.
struct OutputStream
{
    int fd = -1;
    bool standardError = false;
    std::string partial;
    std::uint64_t offset = 0; // where partial's first byte lies in all the stream brought

    // Hands each complete line to `print` with where it starts in the stream; at the end (`ended`), the
    // unfinished one too.
    template <typename Print> void split(std::string_view bytes, bool ended, Print&& print)
    {
        partial.append(bytes);
        std::size_t from = 0;
        for (std::size_t newline; (newline = partial.find('\n', from)) != std::string::npos; from = newline + 1)
            print(std::string_view(partial).substr(from, newline - from), standardError, offset + from);
        partial.erase(0, from);
        offset += from;
        // A line with no end in sight is cut where a string ends (StringBytes).
        if ((ended && !partial.empty()) || partial.size() >= StringBytes) {
            print(partial, standardError, offset);
            offset += partial.size();
            partial.clear();
        }
    }
};

// Reads the probe's socket (and the program's output, when recorded) until the program has exited and
// the probe's socket closed. A damaged stream is read no further, but drained: the probe must never wait.
// Asked to stop (stopFd, the timeout), it ends the program, SIGTERM then SIGKILL past the grace, and reads
// on until it has; detached, it lets go of it at once. Children followed (`children`, or null) are read
// alongside, until they end or ChildrenAfterExitMs after the program has.
class Pump
{
public:
    Pump(int probeFd, OutputStream* outputs, std::size_t outputCount, Ingest& ingest, FollowedChildren* children,
        const AttachOptions& options)
        : m_probeFd(probeFd)
        , m_outputs(outputs)
        , m_outputCount(outputCount)
        , m_ingest(ingest)
        , m_children(children)
        , m_reader(ingest)
        , m_stopFd(options.stopFd)
        , m_timeoutMs(options.timeoutMs)
        , m_detach(options.detach)
    { }

    // The process is not LoopScope's child but one it attached to while it ran: its exit is seen through a
    // pidfd (or, without one, looked for), and it is never ended: stopping lets go of it, as `detach` does.
    void followRunning()
    {
        m_running = true;
        m_detach = true;
    }
    // Follows process `pid` until it has exited (its status into `status`; a program LoopScope started) or
    // LoopScope lets go of it.
    void run(pid_t pid, int& status);

    AttachResult::Stop stop() const { return m_stop; }
    bool detached() const { return m_detached; }
    // When the probe's socket closed, on the probe's clock (the recording's time), or -1 while open.
    std::int64_t closedAtNs() const { return m_closedAtNs; }
    bool ended() const { return m_reader.ended(); }
    // True when the stream came whole (up to where LoopScope let go of it, detached).
    bool probed() { return m_reading && (m_detached || m_reader.finish()); }
    const std::string& error() const { return m_reader.error(); }
    // True when not a byte came: the probe never started.
    bool silent() const { return m_reader.offset() == 0 && m_reader.error().find("opening") != std::string::npos; }

private:
    static bool readable(int fd);
    void readFrom(int fd);
    // The probe's clock (recording time); before the probe said hello, its start.
    std::int64_t recordingNow() const;
    // A line read, starting at `start` of its stream: recorded once the probe's marks have named it.
    void print(std::string_view line, bool standardError, std::uint64_t start);

    int m_probeFd;
    OutputStream* m_outputs;
    std::size_t m_outputCount;
    Ingest& m_ingest;
    FollowedChildren* m_children;
    Reader m_reader;
    bool m_reading = true;
    int m_stopFd;
    int m_timeoutMs;
    bool m_detach;
    bool m_running = false;
    AttachResult::Stop m_stop = AttachResult::Stop::None;
    bool m_detached = false;
    std::int64_t m_closedAtNs = -1;
};

} // namespace loopscope::wire
