#pragma once

#include <QCoreApplication>
#include <QString>

class ConsoleModel;
class LiveFeed;

// What the console says about the recording's memory, each at most once a run: that the recording began
// to spill to disk or to let its oldest events go, that an attached program's spill failed, and why a run
// of LoopScope's own ended for its budget. A run is told from the next by newRun(), never by an address
// (a new session may take the place of the one before).
class MemoryNotes
{
    Q_DECLARE_TR_FUNCTIONS(MemoryNotes)

public:
    MemoryNotes(const LiveFeed* feed, ConsoleModel* console);

    // A run began: each note may be said again, once.
    void newRun();
    // Appends to the console what the followed recording's memory calls for now. Returns the note that
    // ended the run for its budget, the first time it is said (empty otherwise), for the status line.
    QString note(bool ownRun);

private:
    const LiveFeed* m_feed = nullptr;
    ConsoleModel* m_console = nullptr;
    bool m_spillTold = false; // that the recording spills to disk or lets its oldest events go
    bool m_failedSpillTold = false; // that an attached program's spill failed and its oldest events go
    bool m_budgetTold = false; // that the run ended for its budget
};
