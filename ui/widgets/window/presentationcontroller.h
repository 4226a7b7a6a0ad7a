#pragma once

#include <QByteArray>
#include <QObject>

class MainWindow;
class PhaseWheel;
class PointerHighlight;
class PresenterView;
class QAction;
class QFont;
class QMenu;
class QToolBar;

// The window's text size and presentation mode: View > Larger and Smaller text, Presentation mode
// (F11), Presenter's view and Panels in presentation. Presentation mode saves the window's geometry,
// docks and text size, shows only the docks chosen, scales every font, breaks the toolbar into two
// rows and rings the pointer; leaving it restores what it saved.
class PresentationController : public QObject
{
    Q_OBJECT

public:
    PresentationController(MainWindow* window, PhaseWheel* wheel);

    // View menu: larger and smaller text; presentation mode and the presenter's view; the panels that
    // presentation mode keeps. Made for the window, which adds them where its menu lists them.
    QAction* zoomInAction() const { return m_zoomIn; }
    QAction* zoomOutAction() const { return m_zoomOut; }
    QAction* presentAction() const { return m_presentAction; }
    QAction* presenterAction() const { return m_presenterAction; }
    QMenu* panelsMenu() const { return m_panelsMenu; }
    // The toolbar presentation mode puts on a second row.
    void setSecondRow(QToolBar* bar) { m_secondRow = bar; }

    // Presentation mode: full screen, only the circle and the panels chosen for it (the lesson, the
    // queues, the console and the latency chart unless changed), everything larger, the pointer ringed.
    // Leaving it restores the window as it was.
    void setPresenting(bool on);
    bool presenting() const { return m_presenting; }
    // View > Presenter's view: made on first use.
    PresenterView* presenterView();
    // Text larger or smaller: the window's and the fixed fonts'. Larger text never makes the window
    // larger than its screen: a step that would is not taken (false).
    void zoom(double step);
    bool setFontScale(double scale);
    // The text size remembered from the last time the window was closed.
    void restoreFontScale();

signals:
    // The console's, the code's and the lesson's fixed font, at the text size of the moment.
    void fixedFontChanged(const QFont& font);

private:
    void applyFontScale(double scale);
    bool fitsTheScreen();
    // Presentation mode: the side panels leave the circle most of the width.
    void fitPresentationDocks();
    QMenu* createPanelsMenu();

    MainWindow* m_window = nullptr;
    PhaseWheel* m_wheel = nullptr;
    QToolBar* m_secondRow = nullptr;
    QAction* m_zoomIn = nullptr;
    QAction* m_zoomOut = nullptr;
    QAction* m_presentAction = nullptr;
    QAction* m_presenterAction = nullptr;
    QMenu* m_panelsMenu = nullptr;
    PointerHighlight* m_pointer = nullptr;
    PresenterView* m_presenter = nullptr;
    bool m_presenterOpenedByPresenting = false; // presentation mode closes it again
    bool m_presenting = false;
    struct BeforePresenting
    {
        QByteArray geometry;
        QByteArray state;
        double fontScale = 1.0;
        bool maximized = false;
    } m_beforePresenting;
    double m_fontScale = 1.0;
    double m_basePointSize = 0;
};
