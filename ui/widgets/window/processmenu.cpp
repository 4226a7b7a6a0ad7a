#include "widgets/window/processmenu.h"

#include "control/sessioncontroller.h"
#include "recording/recording.h"
#include "widgets/window/language.h"

#include <QActionGroup>

namespace {

// A command line, shortened for a menu: its program and script named by their file names.
QString shortCommand(const std::string& command)
{
    QStringList words = QString::fromStdString(command).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < words.size() && i < 2; ++i)
        words[i] = words[i].section(QLatin1Char('/'), -1);
    const QString shown = words.join(QLatin1Char(' '));
    constexpr qsizetype MaxChars = 60;
    return shown.size() > MaxChars ? shown.left(MaxChars - 1) + QChar(0x2026) : shown;
}

} // namespace

ProcessMenu::ProcessMenu(SessionController* controller, QWidget* parent)
    : QMenu(parent)
    , m_controller(controller)
{
    setObjectName(QStringLiteral("processMenu"));
    setToolTipsVisible(true);
    Language::follow(this, [this] {
        setTitle(tr("Pro&cess"));
        setToolTip(tr("A program recorded with its child processes (Follow child processes): which of them the "
                      "views show. Each is a recording of its own, on its own clock."));
        rebuild();
    });
    connect(m_controller, &SessionController::familyChanged, this, &ProcessMenu::rebuild);
}

void ProcessMenu::rebuild()
{
    clear();
    const std::shared_ptr<const loopscope::Recording> family = m_controller->family();
    setEnabled(family != nullptr);
    if (!family) {
        addAction(tr("Only a program recorded with its child processes has more than one"))->setEnabled(false);
        return;
    }
    auto* choices = new QActionGroup(this);
    const auto add = [&](const QString& text, std::size_t process) {
        QAction* action = addAction(text);
        action->setCheckable(true);
        action->setChecked(process == m_controller->shownProcess());
        action->setObjectName(QStringLiteral("process_%1").arg(process));
        choices->addAction(action);
        connect(action, &QAction::triggered, this, [this, process] { m_controller->showProcess(process); });
    };
    const auto withPid = [](const loopscope::RecordingInfo& info) {
        return info.pid > 0 ? tr("%1 (pid %2)").arg(shortCommand(info.program)).arg(info.pid)
                            : shortCommand(info.program);
    };
    add(tr("The program: %1").arg(withPid(family->info)), 0);
    for (std::size_t i = 0; i < family->children.size(); ++i)
        add(tr("Child %1: %2").arg(i + 1).arg(withPid(family->children[i]->info)), i + 1);
}
