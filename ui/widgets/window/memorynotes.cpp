#include "widgets/window/memorynotes.h"

#include "control/sessioncontroller.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"

MemoryNotes::MemoryNotes(const LiveFeed* feed, ConsoleModel* console)
    : m_feed(feed)
    , m_console(console)
{ }

void MemoryNotes::newRun()
{
    m_spillTold = m_failedSpillTold = m_budgetTold = false;
}

QString MemoryNotes::note(bool ownRun)
{
    const auto budgetMb = SessionController::memoryBudgetMb();
    if (!m_spillTold && m_feed->rollingWindow() && m_feed->droppedEvents() > 0) {
        m_spillTold = true;
        m_console->appendNote(tr("■ the recording passed %1 MB of memory: the rolling window now lets go of its "
                                 "oldest events (Loop menu)")
                                  .arg(budgetMb));
    }
    if (!m_spillTold && m_feed->spilledBytes() > 0) {
        m_spillTold = true;
        m_console->appendNote(tr("■ the recording passed %1 MB of memory: its older events now go to a temporary "
                                 "file in %2, and nothing is lost (--memory-budget)")
                                  .arg(budgetMb)
                                  .arg(m_feed->spillDirectory()));
    }
    // An attached program is never held back for its recording: past a spill that failed, its oldest
    // events are let go.
    if (!ownRun && !m_failedSpillTold && !m_feed->spillProblem().isEmpty()) {
        m_failedSpillTold = true;
        m_console->appendNote(tr("■ the recording passed %1 MB and could not spill to disk (%2); its oldest events "
                                 "are let go (--memory-budget)")
                                  .arg(budgetMb)
                                  .arg(m_feed->spillProblem()));
    }
    if (!ownRun || m_budgetTold || !m_feed->memoryBudgetExceeded())
        return {};
    m_budgetTold = true;
    const QString problem = m_feed->spillProblem();
    const QString note = problem.isEmpty()
        ? tr("■ memory budget exceeded: the queues needed more than %1 MB; the run was aborted (--memory-budget)")
              .arg(budgetMb)
        : tr("■ the recording passed %1 MB and could not spill to disk (%2); the run was aborted (--memory-budget)")
              .arg(budgetMb)
              .arg(problem);
    m_console->appendNote(note);
    return note;
}
