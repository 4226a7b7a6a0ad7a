#pragma once

#include <QObject>

class LessonPanel;
class LiveFeed;
class MainWindow;
class PanelHighlight;
class ScenarioBrowser;
class SessionController;
class SteppingControls;

// The lesson's flow in the window: the lesson follows the scenario selected in the browser; the run it
// asks for is the window's, and its answer comes when that run ends, from what the console shows; its
// offscreen runs step aside while the window's program runs; an answer about a panel brings that panel
// forward and rings it.
class LessonsController : public QObject
{
    Q_OBJECT

public:
    LessonsController(
        MainWindow* window, SessionController* controller, ScenarioBrowser* browser, SteppingControls* stepping);

    // The lesson panel, for the window's lesson dock.
    LessonPanel* panel() const { return m_lesson; }

private:
    void onTicked();

    MainWindow* m_window = nullptr;
    SessionController* m_controller = nullptr;
    LiveFeed* m_feed = nullptr;
    ScenarioBrowser* m_browser = nullptr;
    SteppingControls* m_stepping = nullptr;
    LessonPanel* m_lesson = nullptr;
    PanelHighlight* m_panelHighlight = nullptr; // rings the panel a lesson's answer is about
    bool m_runPending = false; // the lesson asked for the run shown, and waits for its end
};
