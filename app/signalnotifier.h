#pragma once

#include <QObject>

#include <initializer_list>
#include <vector>

#include <signal.h>

class QSocketNotifier;

// Turns POSIX signals into a Qt signal on the GUI thread, the self-pipe way: the handler only
// writes the signal's number into a pipe, which is async-signal-safe, and a QSocketNotifier reads
// it in the event loop. While the notifier lives, the signals no longer end the process; a signal
// that comes while the event loop does not run waits in the pipe and changes nothing. One at a time.
class SignalNotifier : public QObject
{
    Q_OBJECT

public:
    explicit SignalNotifier(std::initializer_list<int> signalNumbers, QObject* parent = nullptr);
    // Puts back the handlers that were there before.
    ~SignalNotifier() override;
    SignalNotifier(const SignalNotifier&) = delete;
    SignalNotifier& operator=(const SignalNotifier&) = delete;

signals:
    // `signalNumber` arrived (once per delivery; the kernel merges a signal sent again while pending).
    void received(int signalNumber);

private:
    void readPipe();

    struct Handled
    {
        int signalNumber;
        struct sigaction previous;
    };
    std::vector<Handled> m_handled;
    int m_readFd = -1;
    int m_writeFd = -1;
    QSocketNotifier* m_notifier = nullptr;
};
