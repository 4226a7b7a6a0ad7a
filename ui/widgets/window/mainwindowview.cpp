// MainWindow: the View menu. Theme and text size, presentation mode (F11) and the panels it keeps,
// the language.
#include "widgets/window/mainwindow.h"

#include "widgets/lessons/lessonpanel.h"
#include "widgets/lessons/pointerhighlight.h"
#include "widgets/lessons/presenterview.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/language.h"
#include "widgets/window/processmenu.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>

#include <algorithm>
#include <utility>

namespace {

constexpr double ZoomStep = 1.15; // Ctrl++ and Ctrl+-
// The text is never drawn smaller or larger than these times its usual size.
constexpr double MinFontScale = 0.7;
constexpr double MaxFontScale = 3.5;

} // namespace

void MainWindow::createViewMenu()
{
    m_themeAction = addControl(QKeySequence(QStringLiteral("Ctrl+T")), [] {
        return ControlTexts { tr("Dark theme"),
            tr("Switches between the light and the dark theme; the choice is remembered.") };
    });
    m_themeAction->setCheckable(true);
    connect(m_themeAction, &QAction::toggled, this,
        [this](bool dark) { setTheme(dark ? Theme::Mode::Dark : Theme::Mode::Light); });
    auto* zoomIn = addControl(QKeySequence::ZoomIn, [] {
        return ControlTexts { tr("Larger text"), tr("Makes all text larger, for a projector.") };
    });
    zoomIn->setObjectName(QStringLiteral("zoomInAction"));
    connect(zoomIn, &QAction::triggered, this, [this] { zoom(ZoomStep); });
    auto* zoomOut = addControl(QKeySequence::ZoomOut, [] {
        return ControlTexts { tr("Smaller text"), tr("Makes all text smaller.") };
    });
    zoomOut->setObjectName(QStringLiteral("zoomOutAction"));
    connect(zoomOut, &QAction::triggered, this, [this] { zoom(1 / ZoomStep); });
    QMenu* viewMenu = menuBar()->addMenu(QString());
    viewMenu->setObjectName(QStringLiteral("viewMenu"));
    viewMenu->addAction(m_themeAction);
    QAction* slotMode = viewMenu->addAction(QString());
    slotMode->setCheckable(true);
    Language::follow(viewMenu, [viewMenu, slotMode] {
        viewMenu->setTitle(tr("&View"));
        slotMode->setText(tr("Timeline: one slot per callback"));
        slotMode->setToolTip(tr("Gives each callback of the main loop the same width in the timeline, in the order "
                                "they ran, so the jobs of a drain can be counted (S in the timeline)."));
    });
    slotMode->setObjectName(QStringLiteral("slotModeAction"));
    // The timeline is made with the docks, after the menus.
    connect(slotMode, &QAction::toggled, this, [this](bool on) { m_timeline->setSlotMode(on); });
    viewMenu->addMenu(new ProcessMenu(m_controller, this));
    viewMenu->addAction(zoomIn);
    viewMenu->addAction(zoomOut);
    viewMenu->addSeparator();
    m_presentAction = addControl(QKeySequence(Qt::Key_F11), [] {
        return ControlTexts { tr("&Presentation mode"),
            tr("Full screen for a lecture: the circle and the panels chosen under Panels in presentation, everything "
               "drawn larger, the mouse pointer ringed. F11 again returns to the window as it was.") };
    });
    m_presentAction->setObjectName(QStringLiteral("presentAction"));
    m_presentAction->setCheckable(true);
    connect(m_presentAction, &QAction::toggled, this, &MainWindow::setPresenting);
    viewMenu->addAction(m_presentAction);
    auto* presenter = addControl(QKeySequence(Qt::SHIFT | Qt::Key_F11), [] {
        return ControlTexts { tr("Presente&r's view"),
            tr("For the lecturer's screen: the lesson's scenario, question and notes, what runs now and what to "
               "press next, and a clock. Presentation mode opens it on a second screen when there is one.") };
    });
    presenter->setObjectName(QStringLiteral("presenterAction"));
    connect(presenter, &QAction::triggered, this, [this] {
        PresenterView* view = presenterView();
        if (!view->showOnOtherScreen())
            view->show();
        view->raise();
    });
    viewMenu->addAction(presenter);
    viewMenu->addMenu(createPresentationPanelsMenu());
    viewMenu->addSeparator();
    viewMenu->addMenu(createLanguageMenu());
}

namespace {

const char* const PresentationPanelsKey = "presentation/panels";
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

// View > Panels in presentation: which docks presentation mode keeps beside the circle (remembered).
QMenu* MainWindow::createPresentationPanelsMenu()
{
    QMenu* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("presentationPanelsMenu"));
    Language::follow(menu, [menu] { menu->setTitle(tr("Panels in presentation")); });
    // Named as their docks are in the language of the moment.
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        for (QAction* action : menu->actions()) {
            if (auto* dock = findChild<QDockWidget*>(action->data().toString()))
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
                if (auto* dock = findChild<QDockWidget*>(dockName))
                    dock->setVisible(on);
            }
        });
    }
    return menu;
}

void MainWindow::setPresenting(bool on)
{
    if (on == m_presenting)
        return;
    if (on) {
        m_beforePresenting = { saveGeometry(), saveState(StateVersion), m_fontScale, isMaximized() };
        m_presenting = true;
        m_wheel->setKeepsWordsReadable(true);
        const QStringList shown = presentationPanels();
        for (QDockWidget* dock : findChildren<QDockWidget*>())
            dock->setVisible(shown.contains(dock->objectName()));
        insertToolBarBreak(m_probeBar);
        showFullScreen();
        // Larger text, as much larger as the screen has room for.
        const double base = m_fontScale;
        for (double scale = base * PresentationScale; scale > base * 1.01; scale /= ZoomStep) {
            if (setFontScale(scale))
                break;
        }
        QTimer::singleShot(0, this, &MainWindow::fitPresentationDocks);
        // A second screen is the lecturer's: the presenter's view opens there.
        m_presenterOpenedByPresenting = (!m_presenter || !m_presenter->isVisible())
            && QGuiApplication::screens().size() > 1 && presenterView()->showOnOtherScreen();
    } else {
        if (std::exchange(m_presenterOpenedByPresenting, false) && m_presenter)
            m_presenter->close();
        m_presenting = false;
        m_wheel->setKeepsWordsReadable(false);
        removeToolBarBreak(m_probeBar);
        statusBar()->clearMessage();
        applyFontScale(m_beforePresenting.fontScale);
        restoreState(m_beforePresenting.state, StateVersion);
        // The smaller text's and the panels' layout first: the geometry restored is not held up by the
        // presentation's minimum size.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        if (m_beforePresenting.maximized)
            showMaximized();
        else
            showNormal();
        restoreGeometry(m_beforePresenting.geometry);
        // A window manager may apply the normal state after this call: the geometry once more after it.
        QTimer::singleShot(0, this, [this, geometry = m_beforePresenting.geometry] {
            if (!m_presenting)
                restoreGeometry(geometry);
        });
    }
    m_wheel->setContrast(on ? PhaseGeometry::Contrast::Strong : PhaseGeometry::Contrast::Normal);
    m_pointer->setActive(on);
    m_presentAction->setChecked(on);
}

// View > Language: the window speaks the language chosen at once, and from every start after.
QMenu* MainWindow::createLanguageMenu()
{
    QMenu* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(menu);
    const QString current = Language::saved();
    for (const Language::Choice& choice : Language::available()) {
        QAction* action = menu->addAction(choice.name);
        action->setObjectName(
            QStringLiteral("language_") + (choice.code.isEmpty() ? QStringLiteral("system") : choice.code));
        action->setCheckable(true);
        action->setChecked(choice.code == current);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [code = choice.code] {
            Language::save(code);
            if (code != Language::inEffect())
                Language::apply(code);
        });
    }
    Language::follow(menu, [menu] {
        menu->setTitle(tr("&Language"));
        // "System language" is said in the language of the moment; the others each in their own.
        menu->actions().constFirst()->setText(Language::nameOf(QString()));
    });
    return menu;
}

void MainWindow::setTheme(Theme::Mode mode)
{
    m_theme = mode;
    Theme::apply(mode);
    Theme::save(mode);
    const QSignalBlocker blocker(m_themeAction);
    m_themeAction->setChecked(mode == Theme::Mode::Dark);
    m_wheel->update();
}

// The circle is what the room watches: the side panels give it most of the width.
void MainWindow::fitPresentationDocks()
{
    if (!m_presenting)
        return;
    QList<QDockWidget*> sides;
    QList<int> widths;
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        const Qt::DockWidgetArea area = dockWidgetArea(dock);
        if (dock->isVisible() && (area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea)) {
            sides << dock;
            widths << std::min(dock->width(), width() * 22 / 100);
        }
    }
    resizeDocks(sides, widths, Qt::Horizontal);
}

PresenterView* MainWindow::presenterView()
{
    if (!m_presenter)
        m_presenter = new PresenterView(this, this);
    return m_presenter;
}

bool MainWindow::fitsTheScreen()
{
    const QScreen* screen = this->screen();
    if (!screen || !isVisible())
        return true;
    // The new text's sizes reach the window a widget and a layout at a time, each posting the next: let
    // them all arrive.
    for (int level = 0; level < 6; ++level)
        QCoreApplication::sendPostedEvents();
    const QRect room = m_presenting || isFullScreen() ? screen->geometry() : screen->availableGeometry();
    const QSize needed = minimumSizeHint();
    return needed.width() <= room.width() && needed.height() <= room.height();
}

// Ctrl++ and Ctrl+-. A step the screen has no room for is refused; in presentation mode, where the
// circle's words keep their size too (PhaseWheel::setKeepsWordsReadable), that is said.
void MainWindow::zoom(double step)
{
    // New fonts show the status line's own words again, over a message shown before: it is said anew.
    statusBar()->clearMessage();
    if (!setFontScale(m_fontScale * step) && m_presenting) {
        statusBar()->showMessage(tr("No room on this screen for larger text: hide a panel (View > Panels in "
                                    "presentation) to give the circle room."),
            8000);
    }
}

bool MainWindow::setFontScale(double scale)
{
    const double before = m_fontScale;
    const QSize size = this->size();
    const QByteArray docks = saveState(StateVersion);
    applyFontScale(scale);
    if (m_fontScale > before && !fitsTheScreen()) {
        // The larger text's layout may have stretched the window and moved the docks' edges already: back
        // to the size and the edges it had.
        applyFontScale(before);
        fitsTheScreen();
        resize(size);
        restoreState(docks, StateVersion);
        return false;
    }
    // Presentation mode's larger text is its own; the window's size is what is remembered.
    if (!m_presenting)
        QSettings().setValue(QLatin1String(FontScaleKey), m_fontScale);
    else
        QTimer::singleShot(0, this, &MainWindow::fitPresentationDocks);
    return true;
}

void MainWindow::applyFontScale(double scale)
{
    m_fontScale = std::clamp(scale, MinFontScale, MaxFontScale);
    QFont font = QApplication::font();
    if (m_basePointSize > 0)
        font.setPointSizeF(m_basePointSize * m_fontScale);
    QApplication::setFont(font);
    // The console and the code have a font of their own: they grow with the rest.
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fixed.setPointSizeF(fixed.pointSizeF() * m_fontScale);
    if (m_consoleView)
        m_consoleView->setFont(fixed);
    if (m_browser)
        m_browser->setCodeFont(fixed);
    if (m_lesson)
        m_lesson->setCodeFont(fixed);
}
