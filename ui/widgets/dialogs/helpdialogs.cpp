#include "widgets/dialogs/helpdialogs.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QKeySequence>
#include <QMessageBox>
#include <QProcess>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QVBoxLayout>

QString HelpDialogs::shortcutsSheet(const QList<QAction*>& actions)
{
    QString rows;
    for (const QAction* action : actions) {
        if (action->shortcut().isEmpty())
            continue;
        rows += QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td style='padding-right:12px'>%2</td>"
                               "<td>%3</td></tr>")
                    .arg(action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                        QString(action->text()).remove(QLatin1Char('&')).toHtmlEscaped(),
                        action->statusTip().toHtmlEscaped());
    }
    return QStringLiteral("<table>%1</table><p>%2</p>")
        .arg(rows,
            tr("In the timeline: the wheel or + and - zoom, dragging or the arrow keys pan, Home fits a run that has "
               "ended or follows the live edge, a press on the ruler moves the playhead, Shift and drag measures, S "
               "gives every callback one slot, Esc clears the selection.")
                .toHtmlEscaped());
}

void HelpDialogs::showShortcuts(QWidget* window, const QList<QAction*>& actions)
{
    showText(window, tr("Keyboard shortcuts"), shortcutsSheet(actions));
}

QString HelpDialogs::whatAmILookingAt()
{
    const QStringList paragraphs {
        tr("The circle is one iteration of a real libuv event loop, the loop Node.js runs on. Its segments are the "
           "phases in the order the loop goes through them: timers, pending, idle, prepare, poll, check, close. The "
           "hand points at the phase the loop is in; a phase that blocks the loop turns red, with a stopwatch."),
        tr("The centre shows two queues that are not phases: the nextTick queue and the microtask queue (promise "
           "jobs). They are drained after every callback, nextTicks first, before the loop moves on, which is why a "
           "promise.then runs before a setTimeout 0 queued earlier."),
        tr("The numbers on the rim count what waits for each phase: due timers, immediates for check, close "
           "callbacks. The queue panels on the right list the callbacks themselves; the thread-pool lanes show the "
           "four threads (by default) that run fs, dns and crypto work off the loop."),
        tr("Below, the latency chart shows how late the loop ran its timers (a blocked loop is a tall step), the "
           "timeline shows every phase and callback as a bar, and the console prints what the program logged. Pause "
           "(Space) and step (C, N, I) to watch one callback at a time; in a run that has ended, Shift+C steps back."),
    };
    QString html;
    for (const QString& paragraph : paragraphs)
        html += QStringLiteral("<p>%1</p>").arg(paragraph.toHtmlEscaped());
    return html;
}

void HelpDialogs::showWhatAmILookingAt(QWidget* window)
{
    showText(window, tr("What am I looking at?"), whatAmILookingAt());
}

void HelpDialogs::showAbout(QWidget* window, const QString& libuv)
{
    QString node = tr("not found");
    const QString path = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (!path.isEmpty()) {
        QProcess process;
        process.start(path, { QStringLiteral("--version") });
        if (process.waitForFinished(2000))
            node = QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    }
    QMessageBox::about(window, tr("About LoopScope"),
        tr("<p><b>LoopScope %1</b></p><p>Makes the Node.js event loop visible: a real libuv loop, its phases, queues "
           "and thread pool, as the program runs.</p><p>libuv %2 (the loop shown)<br>Node.js %3 (compared with)<br>"
           "Qt %4</p>")
            .arg(QStringLiteral(LOOPSCOPE_VERSION), libuv.toHtmlEscaped(), node.toHtmlEscaped(),
                QString::fromLatin1(qVersion())));
}

void HelpDialogs::showText(QWidget* window, const QString& title, const QString& html)
{
    auto* dialog = new QDialog(window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto* layout = new QVBoxLayout(dialog);
    auto* text = new QTextBrowser(dialog);
    text->setHtml(html);
    text->setOpenExternalLinks(false);
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(760, 560);
    dialog->show();
}
