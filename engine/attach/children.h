#pragma once

#include "attach/ingest.h"
#include "attach/wire.h"
#include "recording/recording.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <poll.h>

namespace loopscope::wire {

// The child node processes of an attached program that LoopScope follows with it (--follow-children):
// forks, cluster workers, node run by a shell. LoopScope listens on a socket in the abstract namespace
// whose name the program's environment carries (LOOPSCOPE_PROBE_CHILDREN, beside NODE_OPTIONS requiring
// the probe), and each child's probe connects to it; its stream is recorded into a recording of its own,
// as the program's stream is into the program's, handed over once described (to become the program's
// Recording::children where no reader looks). Used by the attaching thread alone.
class FollowedChildren
{
public:
    // At most this many children are recorded; one more is told to detach, and runs on unrecorded.
    static constexpr std::size_t MaxChildren = 64;

    // `generator`: what wrote the recordings (RecordingInfo::generator). `keeping`: each child's recording is kept
    // within it as the program's is. `detach`: a child runs on when LoopScope stops following it (without it, its probe
    // ends it, as the program's does).
    FollowedChildren(std::string generator, RecordingKeeping keeping, bool detach);
    ~FollowedChildren();
    FollowedChildren(const FollowedChildren&) = delete;
    FollowedChildren& operator=(const FollowedChildren&) = delete;

    // Starts listening, on a name of this process's own; false with *error when it cannot.
    bool listen(std::string* error);
    // The socket's name in the abstract namespace (without its leading NUL).
    const std::string& name() const { return m_name; }

    // The descriptors to wait on: the listener (until stopListening()) and each open stream.
    void addTo(std::vector<pollfd>& fds) const;
    // `fd` is readable: a child connects, or a stream has bytes or has ended. False: `fd` is not one of these.
    bool readFrom(int fd);
    // The program has ended: no child connects any more.
    void stopListening();
    // True while a child's stream is open.
    bool following() const;
    // LoopScope stops following: the streams still open are closed (their probes then end their
    // programs, or go quiet with `detach`).
    void letGo();

    // Once every stream has ended: each child's info, what its stream said and how it ended, its time 0
    // placed on the clock of the program's probe, whose origin is `programOriginNs` (0: it never spoke):
    // their recordings, in the order they connected, handed over.
    std::vector<std::unique_ptr<Recording>> describe(std::uint64_t programOriginNs);
    // Children refused, past MaxChildren.
    std::size_t refused() const { return m_refused; }

private:
    struct Child;
    void accept();
    void read(Child& child);
    void close(Child& child, bool letGo);

    std::string m_generator;
    RecordingKeeping m_keeping;
    bool m_detach;
    std::string m_name;
    int m_listener = -1;
    std::vector<std::unique_ptr<Child>> m_children;
    std::size_t m_refused = 0;
};

} // namespace loopscope::wire
