#include "attach/children.h"

#include "attach/attachrun.h"
#include "recording/monotonicclock.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace loopscope::wire {

namespace {

// Children that connect at once, before LoopScope reads (a cluster starting its workers), wait in line.
constexpr int ListenBacklog = 64;

// A process's command line as ps shows it: its arguments, a space between each two.
std::string commandLineOf(int pid)
{
    std::ifstream file("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    while (!text.empty() && text.back() == '\0')
        text.pop_back();
    for (char& c : text) {
        if (c == '\0')
            c = ' ';
    }
    return text;
}

// The process that started `pid` (the fourth field of its stat, after the command in parentheses).
int parentOf(int pid)
{
    std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const std::size_t commandEnd = text.rfind(')');
    if (commandEnd == std::string::npos)
        return 0;
    char state = 0;
    int parent = 0;
    return std::sscanf(text.c_str() + commandEnd + 1, " %c %d", &state, &parent) == 2 ? parent : 0;
}

} // namespace

struct FollowedChildren::Child
{
    int fd = -1;
    std::unique_ptr<Recording> recording; // the program's once described (Recording::children)
    std::unique_ptr<Ingest> ingest;
    std::unique_ptr<Reader> reader;
    bool reading = true; // false once its stream was found damaged (drained, not read)
    bool letGo = false; // LoopScope closed its stream while it was still open
    std::int64_t closedAtNs = -1; // MonotonicClock::systemNs() when its stream closed
};

FollowedChildren::FollowedChildren(std::string generator, RecordingKeeping keeping, bool detach)
    : m_generator(std::move(generator))
    , m_keeping(std::move(keeping))
    , m_detach(detach)
{ }

FollowedChildren::~FollowedChildren()
{
    stopListening();
    for (const auto& child : m_children) {
        if (child->fd >= 0)
            ::close(child->fd);
    }
}

bool FollowedChildren::listen(std::string* error)
{
    static std::atomic<unsigned> s_serial { 0 };
    m_name = "loopscope-children-" + std::to_string(getpid()) + '-' + std::to_string(s_serial.fetch_add(1)) + '-'
        + std::to_string(MonotonicClock::systemNs() % 1'000'000'007);
    const std::optional<wire::AbstractAddress> at = wire::abstractAddress(m_name);
    m_listener = at ? socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0) : -1;
    if (m_listener < 0 || bind(m_listener, reinterpret_cast<const sockaddr*>(&at->address), at->length) != 0
        || ::listen(m_listener, ListenBacklog) != 0) {
        if (error)
            *error = std::string("cannot listen for the program's children: ") + std::strerror(errno);
        stopListening();
        return false;
    }
    return true;
}

void FollowedChildren::addTo(std::vector<pollfd>& fds) const
{
    if (m_listener >= 0)
        fds.push_back({ m_listener, POLLIN, 0 });
    for (const auto& child : m_children) {
        if (child->fd >= 0)
            fds.push_back({ child->fd, POLLIN, 0 });
    }
}

bool FollowedChildren::readFrom(int fd)
{
    if (fd < 0)
        return false;
    if (fd == m_listener) {
        accept();
        return true;
    }
    for (const auto& child : m_children) {
        if (child->fd == fd) {
            read(*child);
            return true;
        }
    }
    return false;
}

void FollowedChildren::stopListening()
{
    if (m_listener >= 0)
        ::close(m_listener);
    m_listener = -1;
}

bool FollowedChildren::following() const
{
    for (const auto& child : m_children) {
        if (child->fd >= 0)
            return true;
    }
    return false;
}

void FollowedChildren::letGo()
{
    for (const auto& child : m_children) {
        if (child->fd >= 0)
            close(*child, true);
    }
}

void FollowedChildren::accept()
{
    const int fd = accept4(m_listener, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0)
        return;
    // Detached, a child's probe goes quiet when LoopScope lets go of it; a child refused is let go at once.
    const bool refused = m_children.size() == MaxChildren;
    if (m_detach || refused) {
        const auto byte = std::uint8_t(Control::Detach);
        send(fd, &byte, 1, MSG_DONTWAIT | MSG_NOSIGNAL);
    }
    if (refused) {
        ++m_refused;
        ::close(fd);
        return;
    }
    ucred peer {};
    socklen_t size = sizeof peer;
    const int pid = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &size) == 0 ? int(peer.pid) : 0;

    auto recording = std::make_unique<Recording>();
    recording->info.generator = m_generator;
    recording->info.pid = pid;
    recording->info.parentPid = pid > 0 ? parentOf(pid) : 0;
    recording->info.program = pid > 0 ? commandLineOf(pid) : std::string();
    if (recording->info.program.empty())
        recording->info.program = "node";
    auto child = std::make_unique<Child>();
    child->fd = fd;
    child->ingest = std::make_unique<Ingest>(*recording, m_keeping);
    child->reader = std::make_unique<Reader>(*child->ingest);
    child->recording = std::move(recording);
    m_children.push_back(std::move(child));
}

void FollowedChildren::read(Child& child)
{
    std::uint8_t buffer[64 * 1024];
    const ssize_t n = ::read(child.fd, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        close(child, false);
        return;
    }
    if (child.reading)
        child.reading = child.reader->feed(buffer, std::size_t(n));
}

void FollowedChildren::close(Child& child, bool letGo)
{
    ::close(child.fd);
    child.fd = -1;
    child.letGo = letGo;
    child.closedAtNs = MonotonicClock::systemNs();
}

std::vector<std::unique_ptr<Recording>> FollowedChildren::describe(std::uint64_t programOriginNs)
{
    std::vector<std::unique_ptr<Recording>> described;
    for (const auto& child : m_children) {
        const auto handOver = [&] { described.push_back(std::move(child->recording)); };
        RecordingInfo& info = child->recording->info;
        info.unobserved |= ProbeUnobserved;
        child->ingest->describe(info);
        const std::uint64_t origin = child->ingest->probe().originNs;
        if (origin != 0 && programOriginNs != 0)
            info.startNs = std::int64_t(origin) - std::int64_t(programOriginNs);
        const bool whole = child->reading && child->reader->finish() && child->reader->ended();
        if (whole) {
            handOver();
            continue;
        }
        // Its stream ended early: LoopScope let go of it while it ran (the program had ended, or LoopScope
        // was stopped), or it was killed, or it closed the probe's socket. Its recording ends there.
        if (child->letGo) {
            info.stoppedBy = RecordingInfo::StoppedBy::Parent;
            info.detached = m_detach;
        } else if (origin != 0) {
            info.streamLostNs = std::max<std::int64_t>(0, child->closedAtNs - std::int64_t(origin));
        }
        handOver();
    }
    return described;
}

} // namespace loopscope::wire
