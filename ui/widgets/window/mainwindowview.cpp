// MainWindow: the View menu. Theme, the timeline's slots, the process shown, text size and presentation
// mode (PresentationController's), the language.
#include "widgets/window/mainwindow.h"

#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/language.h"
#include "widgets/window/presentationcontroller.h"
#include "widgets/window/processmenu.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QMenuBar>
#include <QSignalBlocker>

void MainWindow::createViewMenu()
{
    m_themeAction = addControl(QKeySequence(QStringLiteral("Ctrl+T")), [] {
        return ControlTexts { tr("Dark theme"),
            tr("Switches between the light and the dark theme; the choice is remembered.") };
    });
    m_themeAction->setCheckable(true);
    connect(m_themeAction, &QAction::toggled, this,
        [this](bool dark) { setTheme(dark ? Theme::Mode::Dark : Theme::Mode::Light); });
    for (QAction* action : { m_presentation->zoomInAction(), m_presentation->zoomOutAction() })
        addAction(action);
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
    viewMenu->addAction(m_presentation->zoomInAction());
    viewMenu->addAction(m_presentation->zoomOutAction());
    viewMenu->addSeparator();
    for (QAction* action : { m_presentation->presentAction(), m_presentation->presenterAction() }) {
        addAction(action);
        viewMenu->addAction(action);
    }
    viewMenu->addMenu(m_presentation->panelsMenu());
    viewMenu->addSeparator();
    viewMenu->addMenu(createLanguageMenu());
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
