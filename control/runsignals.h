#pragma once

#include <QString>

// The signals that end a run without a window. A run of LoopScope's own notes the signal and aborts at
// its next look (received()); following an attached program, the signal also writes into a pipe the
// attaching thread waits on (AttachOptions::stopFd), and stopSignal() says which one it was.
class RunSignals
{
public:
    // SIGINT, SIGTERM, SIGHUP and SIGQUIT end the run as an abort, with the trace written. SIGPIPE is
    // ignored instead, so that a closed stdout (`| head -1`) shows as a failed write, which aborts the same way.
    static void installForRun();
    // The signal installForRun() noted, or 0.
    static int received();

    // The signals that stop following an attached program, writing into `stopPipe`. One that was ignored
    // when LoopScope started (nohup's SIGHUP, a background job's SIGINT) is left ignored: node inherits it
    // so, as it would without LoopScope (a signal handled here is reset to its default in node).
    static void installForAttach(int stopPipe);
    // The first signal that stopped following the attached program, or 0.
    static int stopSignal();

    // "SIGTERM", or "signal N" for one without a name.
    static QString name(int signal);
};
