#include "control/runsignals.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <signal.h>
#include <unistd.h>

namespace {

std::atomic<int> s_signal { 0 };
std::atomic<int> s_stopSignal { 0 };
std::atomic<int> s_stopPipe { -1 };
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler may only touch lock-free atomics");

void onSignal(int signal)
{
    s_signal.store(signal);
}

void onAttachSignal(int signal, siginfo_t* info, void*)
{
    // Ctrl+C and Ctrl+\ from the terminal reach the program too (the terminal's foreground process group):
    // it decides how to end, and this process records until it has, as system() waits for its command.
    if ((signal == SIGINT || signal == SIGQUIT) && info && info->si_code == SI_KERNEL)
        return;
    int none = 0;
    s_stopSignal.compare_exchange_strong(none, signal);
    const int savedErrno = errno;
    const char byte = 0;
    [[maybe_unused]] const ssize_t written = ::write(s_stopPipe.load(), &byte, 1);
    errno = savedErrno;
}

} // namespace

void RunSignals::installForRun()
{
    for (const int signal : { SIGINT, SIGTERM, SIGHUP, SIGQUIT })
        std::signal(signal, onSignal);
    std::signal(SIGPIPE, SIG_IGN);
}

int RunSignals::received()
{
    return s_signal.load();
}

void RunSignals::installForAttach(int stopPipe)
{
    s_stopPipe.store(stopPipe);
    struct sigaction action = {};
    action.sa_sigaction = onAttachSignal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (const int signal : { SIGINT, SIGTERM, SIGHUP, SIGQUIT }) {
        struct sigaction previous = {};
        if (::sigaction(signal, nullptr, &previous) == 0 && previous.sa_handler != SIG_IGN)
            ::sigaction(signal, &action, nullptr);
    }
}

int RunSignals::stopSignal()
{
    return s_stopSignal.load();
}

QString RunSignals::name(int signal)
{
    const char* abbreviation = sigabbrev_np(signal);
    return abbreviation ? QStringLiteral("SIG%1").arg(QString::fromLatin1(abbreviation))
                        : QStringLiteral("signal %1").arg(signal);
}
