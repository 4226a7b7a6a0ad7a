#include "widgets/window/presentationcontroller.h"

#include "widgets/lessons/pointerhighlight.h"
#include "widgets/lessons/presenterview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/language.h"
#include "widgets/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include <algorithm>
#include <utility>

namespace {

const char* const FontScaleKey = "window/fontScale";
const char* const PresentationPanelsKey = "presentation/panels";
constexpr double ZoomStep = 1.15; // Ctrl++ and Ctrl+-
// The text is never drawn smaller or larger than these times its usual size.
constexpr double MinFontScale = 0.7;
constexpr double MaxFontScale = 3.5;
// How much larger everything is drawn in presentation mode, on top of the text size chosen.
constexpr double PresentationScale = 1.35;

QStringList presentationPanels()
{
    return QSettings()
        .value(QLatin1String(PresentationPanelsKey),
            QStringList { QStringLiteral("lessonDock"), QStringLiteral("queuesDock"), QStringLiteral("consoleDock"),
                QStringLiteral("latencyDock") })
        .toStringList();
}

} // namespace

PresentationController::PresentationController(MainWindow* window, PhaseWheel* wheel)
    : QObject(window)
    , m_window(window)
    , m_wheel(wheel)
    , m_pointer(new PointerHighlight(window))
    , m_basePointSize(QApplication::font().pointSizeF())
{
    m_zoomIn = Language::control(window, QKeySequence::ZoomIn, [] {
        return ControlTexts { tr("Larger text"), tr("Makes all text larger, for a projector.") };
    });
    m_zoomIn->setObjectName(QStringLiteral("zoomInAction"));
    connect(m_zoomIn, &QAction::triggered, this, [this] { zoom(ZoomStep); });
    m_zoomOut = Language::control(window, QKeySequence::ZoomOut, [] {
        return ControlTexts { tr("Smaller text"), tr("Makes all text smaller.") };
    });
    m_zoomOut->setObjectName(QStringLiteral("zoomOutAction"));
    connect(m_zoomOut, &QAction::triggered, this, [this] { zoom(1 / ZoomStep); });
    m_presentAction = Language::control(window, QKeySequence(Qt::Key_F11), [] {
        return ControlTexts { tr("&Presentation mode"),
            tr("Full screen for a lecture: the circle and the panels chosen under Panels in presentation, everything "
               "drawn larger, the mouse pointer ringed. F11 again returns to the window as it was.") };
    });
    m_presentAction->setObjectName(QStringLiteral("presentAction"));
    m_presentAction->setCheckable(true);
    connect(m_presentAction, &QAction::toggled, this, &PresentationController::setPresenting);
    m_presenterAction = Language::control(window, QKeySequence(Qt::SHIFT | Qt::Key_F11), [] {
        return ControlTexts { tr("Presente&r's view"),
            tr("For the lecturer's screen: the lesson's scenario, question and notes, what runs now and what to "
               "press next, and a clock. Presentation mode opens it on a second screen when there is one.") };
    });
    m_presenterAction->setObjectName(QStringLiteral("presenterAction"));
    connect(m_presenterAction, &QAction::triggered, this, [this] {
        PresenterView* view = presenterView();
        if (!view->showOnOtherScreen())
            view->show();
        view->raise();
    });
    m_panelsMenu = createPanelsMenu();
}

// View > Panels in presentation: which docks presentation mode keeps beside the circle (remembered).
QMenu* PresentationController::createPanelsMenu()
{
    QMenu* menu = new QMenu(m_window);
    menu->setObjectName(QStringLiteral("presentationPanelsMenu"));
    Language::follow(menu, [menu] { menu->setTitle(tr("Panels in presentation")); });
    // Named as their docks are in the language of the moment.
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        for (QAction* action : menu->actions()) {
            if (auto* dock = m_window->findChild<QDockWidget*>(action->data().toString()))
                action->setText(dock->windowTitle());
        }
    });
    for (const char* dockName : { "lessonDock", "queuesDock", "consoleDock", "latencyDock", "timelineDock", "poolDock",
             "workloadsDock", "statusDock" }) {
        QAction* action = menu->addAction(QString());
        action->setData(QString::fromLatin1(dockName));
        action->setCheckable(true);
        action->setChecked(presentationPanels().contains(dockName));
        connect(action, &QAction::toggled, this, [this, dockName = QString::fromLatin1(dockName)](bool on) {
            QStringList shown = presentationPanels();
            shown.removeAll(dockName);
            if (on)
                shown.append(dockName);
            QSettings().setValue(QLatin1String(PresentationPanelsKey), shown);
            if (m_presenting) {
                if (auto* dock = m_window->findChild<QDockWidget*>(dockName))
                    dock->setVisible(on);
            }
        });
    }
    return menu;
}

void PresentationController::setPresenting(bool on)
{
    if (on == m_presenting)
        return;
    if (on) {
        m_beforePresenting = { m_window->saveGeometry(), m_window->saveState(MainWindow::StateVersion), m_fontScale,
            m_window->isMaximized() };
        m_presenting = true;
        m_wheel->setKeepsWordsReadable(true);
        const QStringList shown = presentationPanels();
        for (QDockWidget* dock : m_window->findChildren<QDockWidget*>())
            dock->setVisible(shown.contains(dock->objectName()));
        m_window->insertToolBarBreak(m_secondRow);
        m_window->showFullScreen();
        // Larger text, as much larger as the screen has room for.
        const double base = m_fontScale;
        for (double scale = base * PresentationScale; scale > base * 1.01; scale /= ZoomStep) {
            if (setFontScale(scale))
                break;
        }
        QTimer::singleShot(0, this, &PresentationController::fitPresentationDocks);
        // A second screen is the lecturer's: the presenter's view opens there.
        m_presenterOpenedByPresenting = (!m_presenter || !m_presenter->isVisible())
            && QGuiApplication::screens().size() > 1 && presenterView()->showOnOtherScreen();
    } else {
        if (std::exchange(m_presenterOpenedByPresenting, false) && m_presenter)
            m_presenter->close();
        m_presenting = false;
        m_wheel->setKeepsWordsReadable(false);
        m_window->removeToolBarBreak(m_secondRow);
        m_window->statusBar()->clearMessage();
        applyFontScale(m_beforePresenting.fontScale);
        m_window->restoreState(m_beforePresenting.state, MainWindow::StateVersion);
        // The smaller text's and the panels' layout first: the geometry restored is not held up by the
        // presentation's minimum size.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        if (m_beforePresenting.maximized)
            m_window->showMaximized();
        else
            m_window->showNormal();
        m_window->restoreGeometry(m_beforePresenting.geometry);
        // A window manager may apply the normal state after this call: the geometry once more after it.
        QTimer::singleShot(0, this, [this, geometry = m_beforePresenting.geometry] {
            if (!m_presenting)
                m_window->restoreGeometry(geometry);
        });
    }
    m_wheel->setContrast(on ? PhaseGeometry::Contrast::Strong : PhaseGeometry::Contrast::Normal);
    m_pointer->setActive(on);
    m_presentAction->setChecked(on);
}

// The circle is what the room watches: the side panels give it most of the width.
void PresentationController::fitPresentationDocks()
{
    if (!m_presenting)
        return;
    QList<QDockWidget*> sides;
    QList<int> widths;
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
        const Qt::DockWidgetArea area = m_window->dockWidgetArea(dock);
        if (dock->isVisible() && (area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea)) {
            sides << dock;
            widths << std::min(dock->width(), m_window->width() * 22 / 100);
        }
    }
    m_window->resizeDocks(sides, widths, Qt::Horizontal);
}

PresenterView* PresentationController::presenterView()
{
    if (!m_presenter)
        m_presenter = new PresenterView(m_window, m_window);
    return m_presenter;
}

bool PresentationController::fitsTheScreen()
{
    const QScreen* screen = m_window->screen();
    if (!screen || !m_window->isVisible())
        return true;
    // The new text's sizes reach the window a widget and a layout at a time, each posting the next: let
    // them all arrive.
    for (int level = 0; level < 6; ++level)
        QCoreApplication::sendPostedEvents();
    const QRect room = m_presenting || m_window->isFullScreen() ? screen->geometry() : screen->availableGeometry();
    const QSize needed = m_window->minimumSizeHint();
    return needed.width() <= room.width() && needed.height() <= room.height();
}

// Ctrl++ and Ctrl+-. A step the screen has no room for is refused; in presentation mode, where the
// circle's words keep their size too (PhaseWheel::setKeepsWordsReadable), that is said.
void PresentationController::zoom(double step)
{
    // New fonts show the status line's own words again, over a message shown before: it is said anew.
    m_window->statusBar()->clearMessage();
    if (!setFontScale(m_fontScale * step) && m_presenting) {
        m_window->statusBar()->showMessage(tr("No room on this screen for larger text: hide a panel (View > Panels "
                                              "in presentation) to give the circle room."),
            8000);
    }
}

bool PresentationController::setFontScale(double scale)
{
    const double before = m_fontScale;
    const QSize size = m_window->size();
    const QByteArray docks = m_window->saveState(MainWindow::StateVersion);
    applyFontScale(scale);
    if (m_fontScale > before && !fitsTheScreen()) {
        // The larger text's layout may have stretched the window and moved the docks' edges already: back
        // to the size and the edges it had.
        applyFontScale(before);
        fitsTheScreen();
        m_window->resize(size);
        m_window->restoreState(docks, MainWindow::StateVersion);
        return false;
    }
    // Presentation mode's larger text is its own; the window's size is what is remembered.
    if (!m_presenting)
        QSettings().setValue(QLatin1String(FontScaleKey), m_fontScale);
    else
        QTimer::singleShot(0, this, &PresentationController::fitPresentationDocks);
    return true;
}

void PresentationController::restoreFontScale()
{
    setFontScale(QSettings().value(QLatin1String(FontScaleKey), 1.0).toDouble());
}

void PresentationController::applyFontScale(double scale)
{
    m_fontScale = std::clamp(scale, MinFontScale, MaxFontScale);
    QFont font = QApplication::font();
    if (m_basePointSize > 0)
        font.setPointSizeF(m_basePointSize * m_fontScale);
    QApplication::setFont(font);
    // The console and the code have a font of their own: they grow with the rest.
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fixed.setPointSizeF(fixed.pointSizeF() * m_fontScale);
    emit fixedFontChanged(fixed);
}
