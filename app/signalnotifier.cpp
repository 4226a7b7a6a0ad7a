#include "signalnotifier.h"

#include <QSocketNotifier>

#include <atomic>
#include <cerrno>

#include <fcntl.h>
#include <unistd.h>

namespace {

// The handler runs on whichever thread the kernel picks, loop and pool threads included.
std::atomic<int> s_writeFd { -1 };
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler may only touch lock-free atomics");

void onSignal(int signalNumber)
{
    const int savedErrno = errno;
    const auto byte = static_cast<unsigned char>(signalNumber);
    // A full pipe (EAGAIN) loses nothing that matters: the GUI thread has signals left to read.
    [[maybe_unused]] const ssize_t written = ::write(s_writeFd.load(), &byte, 1);
    errno = savedErrno;
}

} // namespace

SignalNotifier::SignalNotifier(std::initializer_list<int> signalNumbers, QObject* parent)
    : QObject(parent)
{
    Q_ASSERT(s_writeFd.load() == -1);
    int fds[2];
    // Without a pipe the signals keep their default action, which ends the process as before.
    if (::pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0)
        return;
    m_readFd = fds[0];
    m_writeFd = fds[1];
    s_writeFd.store(m_writeFd);
    m_notifier = new QSocketNotifier(m_readFd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &SignalNotifier::readPipe);

    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    // Other threads' system calls resume instead of failing with EINTR.
    action.sa_flags = SA_RESTART;
    for (const int signalNumber : signalNumbers) {
        Handled handled { signalNumber, {} };
        if (::sigaction(signalNumber, &action, &handled.previous) == 0)
            m_handled.push_back(handled);
    }
}

SignalNotifier::~SignalNotifier()
{
    delete m_notifier;
    for (const Handled& handled : m_handled)
        ::sigaction(handled.signalNumber, &handled.previous, nullptr);
    s_writeFd.store(-1);
    if (m_readFd >= 0) {
        ::close(m_readFd);
        ::close(m_writeFd);
    }
}

void SignalNotifier::readPipe()
{
    unsigned char bytes[16];
    for (;;) {
        const ssize_t count = ::read(m_readFd, bytes, sizeof bytes);
        if (count > 0) {
            for (ssize_t i = 0; i < count; ++i)
                emit received(int(bytes[i]));
        } else if (count == 0 || errno != EINTR) {
            return;
        }
    }
}
