#include "widgets/window/lessonscontroller.h"

#include "control/sessioncontroller.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "widgets/lessons/lessonpanel.h"
#include "widgets/lessons/panelhighlight.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/window/mainwindow.h"
#include "widgets/window/steppingcontrols.h"

#include <QDockWidget>

LessonsController::LessonsController(
    MainWindow* window, SessionController* controller, ScenarioBrowser* browser, SteppingControls* stepping)
    : QObject(window)
    , m_window(window)
    , m_controller(controller)
    , m_feed(controller->feed())
    , m_browser(browser)
    , m_stepping(stepping)
    , m_lesson(new LessonPanel(window))
    , m_panelHighlight(new PanelHighlight(window))
{
    // The lesson follows the scenario selected; its run is the window's, and its answer comes when it ends.
    connect(m_browser, &ScenarioBrowser::selected, m_lesson, &LessonPanel::setScenario);
    m_lesson->setScenario(m_browser->current(), m_browser->overrides());
    connect(m_controller, &SessionController::programAboutToRun, m_lesson, &LessonPanel::yieldToRun);
    connect(m_lesson, &LessonPanel::runRequested, this,
        [this](const QString& name, const ScenarioCatalog::Overrides& overrides) {
            m_browser->select(name);
            m_runPending = m_window->runScenario(name, overrides);
            // The lesson stays in view (the run raised the script's tab), saying what to press next when the
            // run is held to be stepped.
            // The panel sits in a scroll area inside its dock.
            for (QWidget* up = m_lesson->parentWidget(); up; up = up->parentWidget()) {
                if (auto* dock = qobject_cast<QDockWidget*>(up)) {
                    dock->raise();
                    break;
                }
            }
            if (m_runPending && m_stepping->startsPaused())
                m_lesson->showHeld();
        });
    connect(m_lesson, &LessonPanel::lookAt, this, [this](const QString& dockName) {
        if (auto* dock = m_window->findChild<QDockWidget*>(dockName)) {
            dock->show();
            dock->raise();
            m_panelHighlight->ring(dock);
        }
    });
    connect(m_feed, &LiveFeed::ticked, this, &LessonsController::onTicked);
}

void LessonsController::onTicked()
{
    // The lesson's run has ended: its answer, from what the console shows or the figures measured.
    if (m_runPending && m_feed->finished() && !m_controller->replaying()) {
        m_runPending = false;
        switch (m_lesson->asks()) {
        case LessonPanel::Question::Order:
            m_lesson->showRun(m_window->consoleModel()->outputLines());
            break;
        case LessonPanel::Question::Health:
        case LessonPanel::Question::Delay:
            m_lesson->showWait(m_feed->figures());
            break;
        }
    }
    // The lesson's offscreen runs stepped aside for the program (LessonPanel::yieldToRun): on with them.
    if (m_feed->finished() || m_controller->serving())
        m_lesson->resumeProbing();
}
