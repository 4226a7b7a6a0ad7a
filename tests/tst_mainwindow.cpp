#include "attach/attachedprogram.h"
#include "callbacklabels.h"
#include "catalog/scenariocatalog.h"
#include "catalog/scenarioguide.h"
#include "control/sessioncontroller.h"
#include "formats/traceio.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "models/queuemodel.h"
#include "models/statusmodel.h"
#include "models/timelineindex.h"
#include "models/timelinetexts.h"
#include "projectorscreen.h"
#include "recording/events.h"
#include "recording/recording.h"
#include "requirenode.h"
#include "session/session.h"
#include "widgets/chart/latencychart.h"
#include "widgets/compare/comparisonwindow.h"
#include "widgets/dialogs/attachprocessdialog.h"
#include "widgets/dialogs/helpdialogs.h"
#include "widgets/dialogs/nodecomparedialog.h"
#include "widgets/dialogs/noderundialog.h"
#include "widgets/dialogs/numberedconsole.h"
#include "widgets/dialogs/runmanydialog.h"
#include "widgets/lanes/blockflameview.h"
#include "widgets/lessons/lessonpanel.h"
#include "widgets/lessons/panelhighlight.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/panels/workloadpalette.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/attachcontroller.h"
#include "widgets/window/filescontroller.h"
#include "widgets/window/language.h"
#include "widgets/window/mainwindow.h"
#include "widgets/window/presentationcontroller.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableWidget>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include <memory>

namespace {

// A recording of one process with a poll phase and a console line, as a probe would have sent them.
std::unique_ptr<loopscope::Recording> processRecording(const std::string& program, int pid, const std::string& line)
{
    using namespace loopscope;
    auto recording = std::make_unique<Recording>();
    recording->info.generator = "LoopScope test";
    recording->info.program = program;
    recording->info.pid = pid;
    Record phase;
    phase.type = RecordType::Phase;
    phase.sub = std::uint8_t(Phase::Poll);
    phase.label = 1; // timed
    phase.startNs = 1'000'000;
    phase.span.durNs = 2'000'000;
    phase.span.iteration = 1;
    Record printed;
    printed.type = RecordType::Log;
    printed.startNs = 1'500'000;
    printed.label = recording->strings.intern(line);
    for (const Record& record : { phase, printed }) {
        *recording->mainLog().slot() = record;
        recording->mainLog().commit();
    }
    return recording;
}

// Whether the dock titled `title` is the tab in front of its group of tabbed docks.
bool isFrontTab(const QMainWindow& window, const QString& title)
{
    for (const QTabBar* tabs : window.findChildren<QTabBar*>()) {
        for (int i = 0; i < tabs->count(); ++i) {
            if (tabs->tabText(i) == title)
                return tabs->currentIndex() == i;
        }
    }
    return false;
}

int consoleLines(const loopscope::Recording& recording)
{
    int lines = 0;
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i)
        lines += log[i].type == loopscope::RecordType::Log ? 1 : 0;
    return lines;
}

// The rows of the timeline's index that it draws a lane for.
QSet<int> shownRows(const TimelineView& timeline)
{
    QSet<int> rows;
    const int height = std::max(timeline.height(), timeline.sizeHint().height());
    for (int y = 0; y < height; ++y) {
        if (const int row = timeline.rowAtY(y); row >= 0)
            rows.insert(row);
    }
    return rows;
}

// The callbacks `recording` holds that `timeline` has not indexed (shownRows empty) or indexed on a row it
// draws no lane for (shownRows given), by label.
QStringList callbacksNotOnTimeline(
    const loopscope::Recording& recording, const TimelineView& timeline, const QSet<int>* lanes = nullptr)
{
    using RowKind = TimelineIndex::RowKind;
    const TimelineIndex& index = timeline.index();
    QSet<std::uint64_t> indexed;
    for (const TimelineIndex::Row& row : index.rows()) {
        for (const TimelineSpan& span : row.spans)
            indexed.insert(std::uint64_t(span.log) << 40 | span.index);
    }
    QStringList missing;
    for (std::size_t l = 0; l < recording.logs.size(); ++l) {
        const loopscope::EventLog& log = *recording.logs[l];
        for (std::size_t i = log.firstKept(); i < log.size(); ++i) {
            const loopscope::Record record = log[i];
            if (record.type != loopscope::RecordType::Callback)
                continue;
            const bool main = record.thread == loopscope::MainThread;
            const int row
                = index.rowOf(RowKind::Callbacks, record.thread, main ? int(loopscope::callbackKindOf(record)) : -1);
            const bool found = row >= 0 && indexed.contains(std::uint64_t(l) << 40 | i);
            if (!found || (lanes && !lanes->contains(row))) {
                const QString label = TimelineTexts::label(&recording, record.label);
                if (!missing.contains(label))
                    missing << label;
            }
        }
    }
    return missing;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // A first start: no layout saved by an earlier run.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void showsVersion()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.versionText().contains(QStringLiteral(LOOPSCOPE_VERSION)));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("LoopScope")));
    }

    // A line of 20 MB (a program that logs a whole file, say) is shown cut, so the console stays as quick to
    // draw as any other, and copied whole.
    void aLongConsoleLineIsShownCutAndCopiedWhole()
    {
        MainWindow window;
        const QString line = QString(20 << 20, QLatin1Char('x')) + QStringLiteral("END");
        window.consoleModel()->appendNote(line);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* view = window.findChild<QTreeView*>(QStringLiteral("consoleView"));
        QVERIFY(view);
        const QModelIndex text = view->model()->index(0, ConsoleModel::TextColumn);
        const QString shown = text.data().toString();
        QVERIFY2(shown.size() < ConsoleModel::ShownCharacters + 100, qPrintable(QString::number(shown.size())));
        QVERIFY(shown.contains(QStringLiteral("more characters")));
        QCOMPARE(text.data(ConsoleModel::TextRole).toString().size(), line.size());
        window.grab(); // drawn with the long line in view
        view->selectionModel()->select(text, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        auto* copy = view->findChild<QAction*>(QStringLiteral("copyConsoleLines"));
        QVERIFY(copy);
        QCOMPARE(copy->shortcut(), QKeySequence(QKeySequence::Copy));
        copy->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text().size(), line.size());
        QVERIFY(QGuiApplication::clipboard()->text().endsWith(QStringLiteral("END")));
    }

    // The window must fit a 1280x720 screen (a classroom projector), panel bar included.
    // Help: the shortcuts sheet lists every key the window answers to, stepping back and playing included.
    void helpListsTheShortcuts()
    {
        MainWindow window;
        QStringList menus;
        for (QAction* menu : window.menuBar()->actions())
            menus.append(menu->text());
        QVERIFY2(menus.contains(QStringLiteral("&Help")), qPrintable(menus.join(QLatin1Char(','))));
        const QString sheet = HelpDialogs::shortcutsSheet(window.actions());
        for (const char* key : { "F1", "Shift+C", "Space", "P", "Ctrl+Shift+P" })
            QVERIFY2(sheet.contains(QStringLiteral("<b>%1</b>").arg(QLatin1String(key))), key);
        QVERIFY(HelpDialogs::whatAmILookingAt().contains(QStringLiteral("nextTick")));
    }

    // Qt does nothing on a shortcut two actions share: every shortcut of the window is one action's.
    void everyShortcutIsOneActions()
    {
        MainWindow window;
        QHash<QString, QString> owners;
        for (const QAction* action : window.findChildren<QAction*>()) {
            for (const QKeySequence& shortcut : action->shortcuts()) {
                const QString key = shortcut.toString();
                if (owners.contains(key) && owners.value(key) != action->text())
                    QFAIL(qPrintable(QStringLiteral("%1: %2 and %3").arg(key, owners.value(key), action->text())));
                owners.insert(key, action->text());
            }
        }
        QVERIFY(owners.size() > 20);
    }

    // Alt and a letter reach one item of a menu: no two items of a menu share their underlined letter, in
    // any of the languages.
    void menuLettersAreOneItemsEach()
    {
        Language::setDirectory(QStringLiteral(LOOPSCOPE_QM_DIR));
        MainWindow window;
        QStringList clashes;
        int letters = 0;
        for (const char* language : { "en", "es", "be" }) {
            // English is the source texts: no translation to load.
            QCOMPARE(Language::apply(QString::fromLatin1(language)), language != std::string("en"));
            for (const QMenu* menu : window.findChildren<QMenu*>()) {
                QHash<QChar, QString> owners;
                for (const QAction* action : menu->actions()) {
                    const QString text = action->text();
                    const int at = text.indexOf(QRegularExpression(QStringLiteral("&[^&]")));
                    if (at < 0 || action->isSeparator())
                        continue;
                    const QChar letter = text.at(at + 1).toLower();
                    if (owners.contains(letter))
                        clashes << QStringLiteral("%1 %2: '%3' and '%4'")
                                       .arg(QLatin1String(language), menu->title(), owners.value(letter), text);
                    owners.insert(letter, text);
                    ++letters;
                }
            }
        }
        Language::apply(QStringLiteral("en"));
        QVERIFY2(letters > 10, qPrintable(QString::number(letters)));
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
    }

    void fitsASmallScreen()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
        QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 680,
            qPrintable(QStringLiteral("%1x%2").arg(minimum.width()).arg(minimum.height())));
    }

    // What a new user watches while triggering workloads is on screen without a click, at a projector's size too.
    void chartTimelineAndConsoleAreInViewAtFirstStart()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (const char* name : { "latencyDock", "timelineDock", "consoleDock" }) {
            auto* dock = window.findChild<QDockWidget*>(QLatin1String(name));
            QVERIFY(dock);
            // A dock behind another's tab is hidden; one pushed off the window would lie outside it.
            const QRect inWindow(dock->mapTo(&window, QPoint(0, 0)), dock->size());
            QVERIFY2(dock->widget()->isVisible() && window.rect().contains(inWindow), name);
            QVERIFY2(dock->widget()->height() >= 120, qPrintable(QString::number(dock->widget()->height())));
        }
        QVERIFY(window.latencyChart()->isVisible() && window.phaseWheel()->isVisible());
    }

    // What --trace writes when the window closes: finish() stops the session shown, without marking
    // it aborted, and hands over its whole recording; a replay hands over the recording replayed.
    void finishHandsOverTheShownRecording()
    {
        MainWindow window;
        SessionController* controller = window.controller();
        auto parsed = ScenarioCatalog::parse(R"({"format":"loopscope-program","version":1,"name":"ticking",)"
                                             R"("main":[{"op":"setInterval","ms":5,"times":1000000,)"
                                             R"("do":[{"op":"log","text":"tick"}]}]})",
            QStringLiteral("ticking"));
        QVERIFY(std::holds_alternative<loopscope::Program>(parsed));
        window.runProgram(std::get<loopscope::Program>(std::move(parsed)));
        const std::shared_ptr<const loopscope::Recording> live = controller->recording();
        QTRY_VERIFY_WITH_TIMEOUT(consoleLines(*live) >= 3, 10000);

        const std::shared_ptr<const loopscope::Recording> finished = controller->finish();
        QCOMPARE(finished, live);
        QVERIFY(!controller->session());
        QVERIFY(!finished->info.aborted);
        QCOMPARE(finished->info.program, std::string("ticking"));
        // Stopped: the interval records nothing more.
        const int lines = consoleLines(*finished);
        QTest::qWait(50);
        QCOMPARE(consoleLines(*finished), lines);

        controller->replay(finished);
        QVERIFY(controller->replaying());
        QCOMPARE(controller->finish(), finished);
        QVERIFY(!controller->replaying());
        QCOMPARE(controller->finish(), nullptr);
    }

    // File > Attach to a running Node.js process…: the dialog lists a server that runs already, Attach
    // watches its loop without a restart (its requests reach the views), Stop detaches, and the server
    // serves on with its own output, unchanged.
    void attachesToARunningProcessAndDetaches()
    {
        REQUIRE_NODE();
        SessionController::setProbeDirectory(QStringLiteral(LOOPSCOPE_PROBE_DIR));
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const QString script = directory.filePath(QStringLiteral("server.js"));
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("let n = 0;\n"
                   "const server = require('http').createServer((req, res) => {\n"
                   "  console.log('request ' + ++n);\n"
                   "  res.end('answer ' + n + '\\n');\n"
                   "});\n"
                   "server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));\n");
        file.close();
        QProcess server;
        server.start(QStandardPaths::findExecutable(QStringLiteral("node")), { script });
        QVERIFY(server.waitForStarted());
        QByteArray output;
        QTRY_VERIFY_WITH_TIMEOUT((output += server.readAllStandardOutput()).contains('\n'), 20000);
        const quint16 port = output.split(' ').value(1).trimmed().toUShort();
        QVERIFY(port > 0);
        auto get = [port] {
            QTcpSocket socket;
            socket.connectToHost(QHostAddress::LocalHost, port);
            if (!socket.waitForConnected(10000))
                return QByteArray();
            socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            QByteArray answer;
            while (socket.waitForReadyRead(10000))
                answer += socket.readAll();
            return answer;
        };

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        AttachProcessDialog* dialog = window.attach()->chooseProcess();
        auto* table = dialog->findChild<QTableWidget*>();
        QVERIFY(table);
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, AttachProcessDialog::PidColumn)->text() == QString::number(server.processId()))
                row = r;
        }
        QVERIFY2(row >= 0, "the server is listed");
        QVERIFY(table->item(row, AttachProcessDialog::PortsColumn)->text().contains(QString::number(port)));
        table->selectRow(row);
        QCOMPARE(dialog->pid(), int(server.processId()));
        dialog->accept();
        QVERIFY(window.feed()->loop() && window.feed()->recording());
        // The requests' callbacks reach the views, named by their resource type, once the probe is in (a few
        // seconds: the inspector opens, loads it and closes again).
        auto requestsSeen = [&window] {
            const loopscope::Recording& recording = *window.feed()->recording();
            int seen = 0;
            for (std::size_t i = 0; i < recording.mainLog().size(); ++i) {
                const loopscope::Record r = recording.mainLog()[i];
                seen += r.type == loopscope::RecordType::Callback
                    && labelledAs(recording.strings.at(r.label), "HTTPINCOMINGMESSAGE");
            }
            return seen;
        };
        int requests = 0;
        QElapsedTimer waited;
        waited.start();
        while (requestsSeen() == 0 && waited.elapsed() < 30000) {
            QVERIFY(get().contains("answer " + QByteArray::number(++requests)));
            QTest::qWait(200);
        }
        QVERIFY(requestsSeen() > 0);
        // Stop detaches: the server runs on and answers, its output its own.
        window.findChild<QAction*>(QStringLiteral("stopAction"))->trigger();
        auto said = [&window](const QString& words) {
            for (int line = 0; line < window.consoleModel()->rowCount(); ++line) {
                if (window.consoleModel()->data(window.consoleModel()->index(line, 1)).toString().contains(words))
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(said(QStringLiteral("which runs on as before")), 20000);
        QVERIFY(window.feed()->recording()->info.attachedWhileRunning);
        // The loop status says so too: the process did not run out of work, it runs on.
        StatusModel* status = window.statusModel();
        QTRY_COMPARE(status->runState(), StatusModel::RunState::Finished);
        QCOMPARE(status->data(status->index(StatusModel::StateRow, 1)).toString(),
            QStringLiteral("detached: the process runs on"));
        QCOMPARE(server.state(), QProcess::Running);
        QVERIFY(get().contains("answer " + QByteArray::number(++requests)));
        server.terminate();
        QVERIFY(server.waitForFinished());
        output += server.readAllStandardOutput();
        QByteArray expected = "listening " + QByteArray::number(port) + "\n";
        for (int request = 1; request <= requests; ++request)
            expected += "request " + QByteArray::number(request) + "\n";
        QCOMPARE(output, expected);
    }

    // File > Run with Node…: JavaScript typed into the dialog runs under the real node with the probe; its
    // output reaches the console, its loop the views (the thread pool's work included), what the probe
    // cannot see is said to be unseen, and its end is told. The dialog remembers what was typed.
    void runWithNodeShowsTheProgramsOwnLoop()
    {
        REQUIRE_NODE();
        SessionController::setProbeDirectory(QStringLiteral(LOOPSCOPE_PROBE_DIR));
        MainWindow window;
        window.show();
        NodeRunDialog* dialog = window.attach()->runWithNode();
        QVERIFY(dialog->isVisible());
        dialog->typedChoice()->setChecked(true);
        dialog->sourceEdit()->setPlainText(
            QStringLiteral("console.log('hello from node');\n"
                           "require('crypto').pbkdf2('a', 'b', 10000, 32, 'sha256', () => console.log('hashed'));\n"));
        dialog->accept();
        QVERIFY(window.controller()->attached());
        // Workloads are LoopScope's own loop's: while the program runs, none can be injected (it would end it).
        QVERIFY(!window.workloadPalette()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(window.feed()->finished(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(window.consoleModel()->outputLines().contains(QStringLiteral("hashed")), 5000);
        QVERIFY(window.consoleModel()->outputLines().contains(QStringLiteral("hello from node")));
        // Each line says who printed it, as a run of LoopScope's own does: the main module, then the
        // callback pbkdf2 was given.
        const auto fromOf = [&window](const QString& text) {
            const ConsoleModel* console = window.consoleModel();
            for (int row = 0; row < console->rowCount(); ++row) {
                if (console->index(row, ConsoleModel::TextColumn).data().toString() == text)
                    return console->index(row, ConsoleModel::FromColumn).data().toString();
            }
            return QStringLiteral("(not printed)");
        };
        QCOMPARE(fromOf(QStringLiteral("hello from node")), QStringLiteral("main"));
        QVERIFY2(fromOf(QStringLiteral("hashed")).startsWith(QStringLiteral("PBKDF2REQUEST")),
            qPrintable(fromOf(QStringLiteral("hashed"))));
        // The window hears of the end on the feed's next tick, after the run's last lines.
        QTRY_VERIFY_WITH_TIMEOUT(window.workloadPalette()->isEnabled(), 5000);
        QCOMPARE(window.controller()->attached()->result().exitCode, 0);
        QVERIFY(window.windowTitle().contains(QStringLiteral("typed.js")));
        // The pool's work, seen through libuv's statics; the JavaScript queues too, now that the run has ended
        // (its replay shows them); the close callbacks never, and said so.
        QVERIFY(window.feed()->sees(loopscope::UnobservedThreadPool));
        QVERIFY(window.feed()->sees(loopscope::UnobservedQueues));
        QVERIFY(!window.feed()->sees(loopscope::UnobservedCloses));
        // The queues' titles say so as the run ends, though no queue's total changed then.
        const QString nextTicks = QueueModel::title(QueueModel::Queue::NextTick);
        auto nextTicksUnseen = [&window, &nextTicks] {
            for (const QLabel* label : window.findChildren<QLabel*>()) {
                if (label->text().startsWith(nextTicks) && label->text().contains(QStringLiteral("not seen")))
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(!nextTicksUnseen(), 5000);
        // Stepped back into, the ended run shows what its queues held: the nextTick each console.log on a pipe
        // queues (Node's afterWriteTick).
        QVERIFY(window.feed()->canReplay());
        bool tickSeen = false;
        for (int i = 0; i < 500 && !tickSeen; ++i) {
            const std::optional<std::int64_t> target = window.feed()->stepTarget(loopscope::StepMode::Callback, false);
            if (!target)
                break;
            window.feed()->setPlayhead(*target);
            tickSeen = window.feed()->queueSnapshot().nextTickCount > 0;
        }
        QVERIFY(tickSeen);
        window.feed()->setPlayhead(std::nullopt);
        bool saidUnseen = false;
        for (const QLabel* label : window.findChildren<QLabel*>())
            saidUnseen = saidUnseen || label->text().contains(QStringLiteral("not seen by the probe"));
        QVERIFY(saidUnseen);
        const loopscope::Recording& recording = *window.feed()->recording();
        // Its end, as its recording says it: the status line and the recording's info (the trace's otherData).
        QCOMPARE(recording.info.exitStatus, 0);
        QCOMPARE(recording.info.exitSignal, 0);
        bool saidEnd = false;
        for (const QLabel* label : window.findChildren<QLabel*>())
            saidEnd = saidEnd || label->text().contains(QStringLiteral("typed.js exited with code 0"));
        QVERIFY(saidEnd);
        bool hashed = false;
        for (std::size_t i = 0; i < recording.mainLog().size(); ++i) {
            const loopscope::Record r = recording.mainLog()[i];
            hashed = hashed || (r.type == loopscope::RecordType::Pool && recording.strings.at(r.label) == "pbkdf2");
        }
        QVERIFY(hashed);
        QVERIFY(QSettings().value(QLatin1String(NodeRunDialog::SourceKey)).toString().contains("hello from node"));
        QVERIFY(QSettings().value(QLatin1String(NodeRunDialog::TypedKey)).toBool());
    }

    // Compare with Node.js from the Loop menu: the program run last, a run count that shows the race,
    // and against a node that prints another order, the first differing line marked on both sides.
    void compareWithNodeMarksTheFirstDifference()
    {
        QTemporaryDir dir;
        const QString fakeNode = dir.filePath(QStringLiteral("node"));
        QFile file(fakeNode);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/sh\necho immediate\necho elsewhere\n");
        file.close();
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);

        MainWindow window;
        window.show();
        QVERIFY(window.runScenario(QStringLiteral("main-race")));
        auto* action = window.findChild<QAction*>(QStringLiteral("compareAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+N")));
        action->trigger();
        auto* dialog = window.findChild<NodeCompareDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        QCOMPARE(dialog->source().scenario, QStringLiteral("main-race"));
        QCOMPARE(dialog->findChild<QSpinBox*>(QStringLiteral("compareRuns"))->value(), 20);

        dialog->findChild<QSpinBox*>(QStringLiteral("compareRuns"))->setValue(3);
        dialog->findChild<QLineEdit*>(QStringLiteral("nodePath"))->setText(fakeNode);
        dialog->comparison()->setLoopScopePath(QStringLiteral(LOOPSCOPE_EXECUTABLE));
        QSignalSpy finished(dialog->comparison(), &NodeComparison::finished);
        QTest::keyClick(dialog, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(dialog->comparison()->result().verdict, NodeComparison::Verdict::Differ);
        // Line 2 when LoopScope printed immediate first, line 1 when the timer won.
        const int line = dialog->comparison()->result().first.line;
        QVERIFY(line == 1 || line == 2);
        QVERIFY2(dialog->verdictText().startsWith(QStringLiteral("Differ at line %1").arg(line)),
            qPrintable(dialog->verdictText()));
        QCOMPARE(dialog->nodeConsole()->highlightedLine(), line);
        QCOMPARE(dialog->loopscopeConsole()->highlightedLine(), line);
        QCOMPARE(dialog->nodeConsole()->textCursor().blockNumber(), line - 1);

        // The scenario browser's button compares the selected scenario.
        window.scenarioBrowser()->select(QStringLiteral("guess-order"));
        window.scenarioBrowser()->compareButton()->click();
        QCOMPARE(dialog->source().scenario, QStringLiteral("guess-order"));
        QCOMPARE(dialog->findChild<QSpinBox*>(QStringLiteral("compareRuns"))->value(), 3);
        QTest::keyClick(dialog, Qt::Key_Escape);
        QVERIFY(!dialog->isVisible());
    }

    // Loop > Run many times runs the program shown on fresh loops and shows the distribution of its
    // outputs: main-race in CommonJS prints both orders over 80 runs (its timer wins about one in four,
    // as in Node), each with its count; guess-order prints one order in every run.
    void runManyTimesShowsARaceAsADistribution()
    {
        QSettings().setValue(QStringLiteral("runMany/runs"), 80);
        MainWindow window;
        window.show();
        QVERIFY(window.runScenario(QStringLiteral("main-race")));
        auto* action = window.findChild<QAction*>(QStringLiteral("runManyAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+R")));
        action->trigger();
        auto* dialog = window.findChild<RunManyDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isRunning(), 120000);
        QTRY_COMPARE(dialog->bars()->outputs().size(), 2);
        int runs = 0;
        for (const OutputBars::Output& output : dialog->bars()->outputs()) {
            QCOMPARE(output.lines.size(), 2);
            runs += output.runs;
        }
        QCOMPARE(runs, 80);
        // Both orders, whichever won more often (on a loaded machine the timer wins more: Node's too).
        QStringList orders;
        for (const OutputBars::Output& output : dialog->bars()->outputs())
            orders << output.lines.join(QLatin1Char(','));
        orders.sort();
        QCOMPARE(orders, QStringList({ "immediate,timeout", "timeout,immediate" }));
        QVERIFY2(dialog->verdictText().startsWith("2 different outputs in 80 runs"), qPrintable(dialog->verdictText()));
        QVERIFY(dialog->bars()->accessibleDescription().contains(" of 80 runs"));

        // Another program, once the runs are done, gets its own distribution.
        QVERIFY(window.runScenario(QStringLiteral("guess-order")));
        QSettings().setValue(QStringLiteral("runMany/runs"), 5);
        RunManyDialog* again = window.runManyTimes();
        QVERIFY(again);
        QTRY_VERIFY_WITH_TIMEOUT(!again->isRunning(), 60000);
        QTRY_COMPARE(again->bars()->outputs().size(), 1);
        QCOMPARE(again->bars()->outputs().first().runs, 5);
        QVERIFY2(again->verdictText().contains("does not depend on timing"), qPrintable(again->verdictText()));
        QTest::keyClick(again, Qt::Key_Escape);
        QVERIFY(!again->isVisible());
    }

    // View > Language lists each language in its own words and switches to the one chosen at once (the
    // layout test checks every text it then shows), its numbers too, and remembers it for the next start.
    void languageMenuSwitchesAndRemembers()
    {
        Language::save({});
        MainWindow window;
        window.show();
        auto* menu = window.findChild<QMenu*>(QStringLiteral("languageMenu"));
        QVERIFY(menu);
        QStringList names;
        for (QAction* action : menu->actions())
            names << action->text();
        QCOMPARE(names.mid(1), QStringList({ "English", "Español", "Беларуская" }));
        QVERIFY(menu->actions().first()->isChecked());

        auto* spanish = window.findChild<QAction*>(QStringLiteral("language_es"));
        QVERIFY(spanish);
        spanish->trigger();
        QCOMPARE(Language::saved(), QStringLiteral("es"));
        QCOMPARE(Language::inEffect(), QStringLiteral("es"));
        QCOMPARE(QLocale().language(), QLocale::Spanish);
        QVERIFY(spanish->isChecked());
        QVERIFY(window.findChild<QMessageBox*>() == nullptr); // no restart asked for

        window.findChild<QAction*>(QStringLiteral("language_system"))->trigger();
        QCOMPARE(Language::saved(), QString());
        QCOMPARE(Language::inEffect(), QString());
        QCOMPARE(QLocale(), QLocale::system());
    }

    // The experiments are found by the article they come from or by topic, under their titles: every
    // scenario is in the list, a scenario two articles share is under both, the grouping is remembered, and
    // the selection and the group titles survive a change of grouping and of language.
    void browserGroupsScenariosByArticleAndTopic()
    {
        QSettings().remove(QStringLiteral("browser/groupBy"));
        Language::setDirectory(QStringLiteral(LOOPSCOPE_QM_DIR));
        Language::save({});
        QStringList everyName;
        for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
            everyName << entry.name;
        auto listed = [](const ScenarioBrowser& browser) {
            QSet<QString> names;
            for (const auto& [title, scenarios] : browser.groups()) {
                for (const QString& name : scenarios)
                    names.insert(name);
            }
            return names;
        };
        {
            MainWindow window;
            window.show();
            ScenarioBrowser* browser = window.scenarioBrowser();
            QCOMPARE(browser->grouping(), ScenarioBrowser::Grouping::ByArticle);
            const auto byArticle = browser->groups();
            QCOMPARE(byArticle.size(), 5);
            QCOMPARE(listed(*browser), QSet<QString>(everyName.cbegin(), everyName.cend()));
            int placesOfPoolSaturation = 0;
            for (const auto& [title, scenarios] : byArticle)
                placesOfPoolSaturation += int(scenarios.count(QStringLiteral("pool-saturation")));
            QCOMPARE(placesOfPoolSaturation, 2);
            QCOMPARE(byArticle.at(3).second, QStringList { QStringLiteral("counting") });

            QVERIFY(browser->select(QStringLiteral("pbkdf2-sync")));
            auto* place = browser->findChild<QLabel*>(QStringLiteral("scenarioPlace"));
            QVERIFY(place->text().contains(QStringLiteral("pbkdf2Sync")));
            QVERIFY(place->text().contains(ScenarioGuide::article(QStringLiteral("002"))->title.toHtmlEscaped()));

            browser->setGrouping(ScenarioBrowser::Grouping::ByTopic);
            QCOMPARE(browser->current(), QStringLiteral("pbkdf2-sync"));
            QCOMPARE(browser->groups().size(), ScenarioGuide::topics().size());
            QCOMPARE(listed(*browser), QSet<QString>(everyName.cbegin(), everyName.cend()));
            const QString english = browser->groups().first().first;

            window.findChild<QAction*>(QStringLiteral("language_es"))->trigger();
            QVERIFY(browser->groups().first().first != english);
            QCOMPARE(browser->groups().first().first, ScenarioGuide::topics().first().title);
            window.findChild<QAction*>(QStringLiteral("language_system"))->trigger();
        }
        MainWindow again;
        QCOMPARE(again.scenarioBrowser()->grouping(), ScenarioBrowser::Grouping::ByTopic);
        QSettings().remove(QStringLiteral("browser/groupBy"));
    }

    // Loop > Compare two runs: the articles' pairs, each side run by LoopScope in a process of its own and
    // replayed side by side with one playhead, from each run's start.
    void comparisonReplaysTwoRunsInStep()
    {
        MainWindow window;
        ComparisonWindow* compare = window.compareTwoRuns();
        QVERIFY(compare->isVisible());
        compare->runs()->setExecutable(QStringLiteral(LOOPSCOPE_EXECUTABLE));
        // CommonJS against an ES module: the same program prints its two lines the other way round.
        QVERIFY(compare->choosePair(QStringLiteral("cjs-esm-ticks")));
        QCOMPARE(compare->side(0).module, loopscope::ModuleKind::Cjs);
        QCOMPARE(compare->side(1).module, loopscope::ModuleKind::Esm);
        compare->run();
        QVERIFY(compare->running());
        QTRY_VERIFY_WITH_TIMEOUT(!compare->running(), 60000);
        QVERIFY2(compare->statusText().contains(QStringLiteral("lasted")), qPrintable(compare->statusText()));
        QCOMPARE(compare->console(0)->outputLines(), QStringList({ "process.nextTick", "promise.then" }));
        QCOMPARE(compare->console(1)->outputLines(), QStringList({ "promise.then", "process.nextTick" }));

        // One playhead: both sides at the same moment of their own runs.
        QVERIFY(compare->lengthNs() > 0);
        compare->setAtNs(0);
        for (int side = 0; side < 2; ++side) {
            QCOMPARE(compare->feed(side)->playhead().value_or(-1), compare->feed(side)->firstNs());
            QVERIFY(compare->console(side)->outputLines().isEmpty());
        }
        compare->setAtNs(compare->lengthNs());
        QCOMPARE(compare->console(0)->outputLines().size(), 2);

        // A variant the files do not have: the same scenario on pools of four and of eight threads.
        QVERIFY(compare->choosePair(QStringLiteral("pool-4-8")));
        compare->run();
        QTRY_VERIFY_WITH_TIMEOUT(!compare->running(), 60000);
        QVERIFY2(compare->statusText().contains(QStringLiteral("lasted")), qPrintable(compare->statusText()));
        QCOMPARE(compare->runs()->recording(0)->info.threadpoolSize, 4);
        QCOMPARE(compare->runs()->recording(1)->info.threadpoolSize, 8);

        // Node 10's await chosen on a side whose file says Node 12: the order Node 10 printed.
        ComparisonRuns::Side node10 = compare->side(0);
        node10.scenario = QStringLiteral("await-order");
        node10.awaitModel = loopscope::AwaitModel::Node10;
        compare->setSide(0, node10);
        ComparisonRuns::Side node12 = node10;
        node12.awaitModel = loopscope::AwaitModel::Node12;
        compare->setSide(1, node12);
        compare->run();
        QTRY_VERIFY_WITH_TIMEOUT(!compare->running(), 60000);
        QVERIFY2(compare->statusText().contains(QStringLiteral("lasted")), qPrintable(compare->statusText()));
        QCOMPARE(compare->console(0)->outputLines(), QStringList({ "tick:a", "tick:b", "after:await" }));
        QCOMPARE(compare->console(1)->outputLines(), QStringList({ "after:await", "tick:a", "tick:b" }));
    }

    // F11: full screen with the circle and the panels chosen for a lecture, everything larger (the
    // console's own font too), the pointer ringed; F11 again brings back the window as it was, and the
    // text size remembered is the window's, not the presentation's.
    void presentationModeShowsTheChosenPanelsLarger()
    {
        QSettings().remove(QStringLiteral("presentation/panels"));
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* action = window.findChild<QAction*>(QStringLiteral("presentAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::Key_F11));
        auto dockShown = [&window](const char* name) {
            auto* dock = window.findChild<QDockWidget*>(QLatin1String(name));
            return dock && dock->isVisible();
        };
        QVERIFY(dockShown("workloadsDock") || dockShown("scenariosDock"));
        const double textSize = QApplication::font().pointSizeF();
        auto* console = window.findChild<QTreeView*>(QStringLiteral("consoleView"));
        const double consoleSize = console ? console->font().pointSizeF() : 0;
        const QVariant remembered = QSettings().value(QStringLiteral("window/fontScale"));

        action->trigger();
        QVERIFY(window.presentation()->presenting());
        QTRY_VERIFY(window.windowState() & Qt::WindowFullScreen);
        for (const char* shown : { "queuesDock", "consoleDock", "latencyDock" })
            QVERIFY2(dockShown(shown), shown);
        for (const char* hidden : { "workloadsDock", "scenariosDock", "statusDock", "poolDock", "timelineDock" })
            QVERIFY2(!dockShown(hidden), hidden);
        QVERIFY(QApplication::font().pointSizeF() > textSize * 1.2);
        if (console)
            QVERIFY(console->font().pointSizeF() > consoleSize * 1.2);
        QVERIFY(window.findChild<QWidget*>(QStringLiteral("pointerHighlight"))->isVisible());
        QCOMPARE(window.phaseWheel()->contrast(), PhaseGeometry::Contrast::Strong);
        QCOMPARE(QSettings().value(QStringLiteral("window/fontScale")), remembered);

        action->trigger();
        QVERIFY(!window.presentation()->presenting());
        QTRY_VERIFY(!(window.windowState() & Qt::WindowFullScreen));
        QVERIFY(dockShown("workloadsDock") || dockShown("scenariosDock"));
        QVERIFY(dockShown("statusDock"));
        QCOMPARE(QApplication::font().pointSizeF(), textSize);
        QVERIFY(!window.findChild<QWidget*>(QStringLiteral("pointerHighlight"))->isVisible());
        QCOMPARE(window.phaseWheel()->contrast(), PhaseGeometry::Contrast::Normal);
    }

    // A program recorded with its child processes (--follow-children), opened: View > Process shows the
    // program or any child, each its own recording, and a trace exported while a child is shown still
    // holds them all. A recording of one process leaves the menu with nothing to choose.
    void processMenuShowsEachProcessOfAFamily()
    {
        QTemporaryDir dir;
        auto family = processRecording("family.js", 100, "the program");
        family->children.push_back(processRecording("/usr/bin/node /tmp/child.js one", 101, "the fork"));
        family->children.push_back(processRecording("/usr/bin/node -e x", 102, "the evaluated one"));
        family->children[0]->info.parentPid = 100;
        family->children[0]->info.startNs = 5'000'000;
        const QString path = dir.filePath(QStringLiteral("family.json"));
        std::string error;
        QVERIFY2(loopscope::writeTrace(*family, path.toStdString(), &error), error.c_str());

        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* menu = window.findChild<QMenu*>(QStringLiteral("processMenu"));
        QVERIFY(menu);
        QVERIFY(!menu->isEnabled());
        // A recording of no built-in scenario leaves no scenario's script beside it.
        QVERIFY(window.scenarioBrowser()->select(QStringLiteral("pool-saturation")));
        QVERIFY(window.files()->openRecording(path));
        QCOMPARE(window.scenarioBrowser()->current(), QString());
        QVERIFY(menu->isEnabled());
        QCOMPARE(menu->actions().size(), 3);
        QVERIFY2(menu->actions()[1]->text().contains(QStringLiteral("node child.js one (pid 101)")),
            qPrintable(menu->actions()[1]->text()));
        QVERIFY(menu->actions()[0]->isChecked());

        auto* evaluated = menu->findChild<QAction*>(QStringLiteral("process_2"));
        QVERIFY(evaluated);
        evaluated->trigger();
        SessionController* controller = window.controller();
        QCOMPARE(controller->shownProcess(), std::size_t(2));
        QCOMPARE(controller->recording()->info.program, std::string("/usr/bin/node -e x"));
        QCOMPARE(controller->programName(), QStringLiteral("/usr/bin/node -e x"));
        QCOMPARE(consoleLines(*controller->recording()), 1);
        QVERIFY(menu->findChild<QAction*>(QStringLiteral("process_2"))->isChecked());

        const QString exported = dir.filePath(QStringLiteral("exported.json"));
        QVERIFY(window.files()->exportRecording(FileActions::ExportFormat::Trace, exported));
        loopscope::Recording readBack;
        QVERIFY2(loopscope::readTrace(exported.toStdString(), readBack, &error), error.c_str());
        QCOMPARE(readBack.info.program, std::string("family.js"));
        QCOMPARE(readBack.children.size(), std::size_t(2));
        QCOMPARE(readBack.children[0]->info.startNs, std::int64_t(5'000'000));

        menu->findChild<QAction*>(QStringLiteral("process_0"))->trigger();
        QCOMPARE(controller->recording()->info.program, std::string("family.js"));

        const QString single = dir.filePath(QStringLiteral("single.json"));
        QVERIFY(loopscope::writeTrace(*processRecording("alone.js", 200, "alone"), single.toStdString(), &error));
        QVERIFY(window.files()->openRecording(single));
        QVERIFY(!menu->isEnabled());
        QVERIFY(!controller->family());
    }

    // One click finds what blocked: clicking an attached program's callback that blocked in the timeline
    // brings the "Blocked by" panel (a tab behind the latency chart) forward with that callback's stacks.
    void clickingABlockedCallbackShowsWhatBlockedIt()
    {
        using namespace loopscope;
        auto recording = processRecording("server.js", 300, "listening");
        Record slow;
        slow.type = RecordType::Callback;
        slow.sub = std::uint8_t(CallbackKind::Io);
        slow.label = recording->strings.intern("HTTPINCOMINGMESSAGE");
        slow.startNs = 4'000'000;
        slow.span.durNs = slow.span.busyNs = slow.span.maxNs = 300'000'000;
        slow.span.count = 1;
        slow.span.iteration = 2;
        *recording->mainLog().slot() = slow;
        recording->mainLog().commit();
        BlockProfile profile;
        profile.callbackStartNs = slow.startNs;
        profile.intervalNs = 2'000'000;
        profile.stacks = { { 140,
            { recording->strings.intern("search (/app/server.js:32:18)"),
                recording->strings.intern("rankTitles (/app/server.js:26:6)") } } };
        recording->blockProfiles.put(profile);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("server.json"));
        std::string error;
        QVERIFY2(writeTrace(*recording, path.toStdString(), &error), error.c_str());

        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.files()->openRecording(path));
        auto* blockDock = window.findChild<QDockWidget*>(QStringLiteral("blockDock"));
        QVERIFY(blockDock);
        QTRY_VERIFY(isFrontTab(window, QStringLiteral("Latency")));
        QVERIFY(!isFrontTab(window, blockDock->windowTitle())); // behind the chart

        TimelineView* timeline = window.timeline();
        QTRY_VERIFY(timeline->index().lastEndNs() > 0);
        const int row = timeline->index().rowOf(TimelineIndex::RowKind::Callbacks, MainThread, int(CallbackKind::Io));
        QVERIFY(row >= 0);
        timeline->setWindow({ 0, 400'000'000 });
        timeline->selectAt(row, 100'000'000);
        QTRY_VERIFY(isFrontTab(window, blockDock->windowTitle()));
        QVERIFY(window.blockFlame()->profile());
        QCOMPARE(window.blockFlame()->profile()->callbackStartNs, slow.startNs);
        QVERIFY(window.blockFlame()->grab().width() > 0);
    }

    // Scenarios run one after another in one window, as a lecturer runs them (select, run, watch it end,
    // the next): the timeline of each run has a lane with every callback its recording holds. These four
    // showed only the main, I/O and close rows now and then (issue 30).
    void timelineShowsEveryCallbackOfRunsOneAfterAnother()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const TimelineView* timeline = window.timeline();
        for (const char* name : { "compute-sync", "compute-timeout", "compute-immediate", "price-report-chunked" }) {
            const QString scenario = QString::fromLatin1(name);
            QVERIFY(window.scenarioBrowser()->select(scenario));
            window.scenarioBrowser()->run();
            const std::shared_ptr<const loopscope::Recording> recording = window.controller()->recording();
            QVERIFY(recording);
            QCOMPARE(recording->info.program, scenario.toStdString());
            QTRY_VERIFY_WITH_TIMEOUT(window.feed()->finished(), 120000);
            // The feed hands the last records over on a tick after the end.
            QTRY_VERIFY_WITH_TIMEOUT(callbacksNotOnTimeline(*recording, *timeline).isEmpty(), 30000);
            const QSet<int> lanes = shownRows(*timeline);
            const QStringList withoutLane = callbacksNotOnTimeline(*recording, *timeline, &lanes);
            QVERIFY2(withoutLane.isEmpty(),
                qPrintable(scenario + QStringLiteral(": no lane for ") + withoutLane.join(QStringLiteral(", "))));
        }
    }

    // The status line says "Running" while the program runs and that it finished once it has, by the tick
    // after the one on which the feed first says the run ended (issue 30: "Running guess-order" stayed).
    void statusLineSaysTheRunEnded()
    {
        QSettings().setValue(QStringLiteral("stepping/startPaused/guess-order"), false);
        bool endSeen = false;
        QString afterEnd;
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto* state = window.findChild<QLabel*>(QStringLiteral("stateLabel"));
        QVERIFY(state);
        // Connected after the window's own slot, so it reads the status line as that tick left it.
        connect(window.feed(), &LiveFeed::ticked, &window, [&] {
            if (endSeen && afterEnd.isEmpty())
                afterEnd = state->text();
            endSeen = endSeen || window.feed()->finished();
        });
        QVERIFY(window.runScenario(QStringLiteral("guess-order")));
        QVERIFY2(state->text().startsWith(QStringLiteral("Running guess-order")), qPrintable(state->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!afterEnd.isEmpty(), 30000);
        QCOMPARE(afterEnd, QStringLiteral("guess-order finished: nothing left to do"));
        QCOMPARE(window.consoleModel()->outputLines().size(), 5);
        // In the language chosen, switched while it shows.
        Language::setDirectory(QStringLiteral(LOOPSCOPE_QM_DIR));
        QVERIFY(Language::apply(QStringLiteral("es")));
        QCOMPARE(state->text(), QStringLiteral("Ejecución de guess-order terminada: no queda nada por hacer"));
        Language::apply({});
        QCOMPARE(state->text(), afterEnd);

        // The next run says "Running" again.
        QVERIFY(window.runScenario(QStringLiteral("guess-order")));
        QVERIFY2(state->text().startsWith(QStringLiteral("Running guess-order")), qPrintable(state->text()));
    }

    // libuv's thread pool is one for the whole process. Selecting pool-saturation starts the lesson's
    // offscreen runs of it, four pbkdf2 jobs each; running it in the window at once had its own pbkdf2
    // jobs wait 0.5-2 s behind them while its lanes showed four idle threads. The offscreen runs now step
    // aside before the window's run starts, and prepare the lesson once it has ended.
    void lessonRunsStepAsideForTheWindowsRun()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSettings().setValue(QStringLiteral("stepping/startPaused/pool-saturation"), false);
        QVERIFY(window.scenarioBrowser()->select(QStringLiteral("pool-saturation")));
        window.findChild<QDockWidget*>(QStringLiteral("lessonDock"))->raise();
        LessonPanel* lesson = window.lessonPanel();
        QTRY_VERIFY(lesson->probing());
        QVERIFY(window.runScenario(QStringLiteral("pool-saturation")));
        QVERIFY(!lesson->probing());
        QTRY_VERIFY_WITH_TIMEOUT(window.feed()->finished(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(lesson->ready(), 30000);
        QCOMPARE(lesson->asks(), LessonPanel::Question::Order);
    }

    // The lesson of the scenario selected: its lines shuffled, put in order by the student, then the real
    // run in the window; the answer says which lines were right, and why in the scenario's words, and
    // rings the console, where the lines printed.
    void lessonChecksTheGuessAgainstTheRealRun()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // An ordering scenario starts paused, to be stepped: this one runs straight through.
        QSettings().setValue(QStringLiteral("stepping/startPaused/tick-vs-promise"), false);
        QVERIFY(window.scenarioBrowser()->select(QStringLiteral("tick-vs-promise")));
        window.findChild<QDockWidget*>(QStringLiteral("lessonDock"))->raise();
        LessonPanel* lesson = window.lessonPanel();
        QTRY_VERIFY_WITH_TIMEOUT(lesson->ready(), 30000);
        QCOMPARE(lesson->asks(), LessonPanel::Question::Order);
        const QStringList printed { "process.nextTick", "promise.then" };
        QCOMPARE(lesson->guess(), QStringList({ "promise.then", "process.nextTick" }));

        auto* run = lesson->findChild<QPushButton*>(QStringLiteral("lessonRun"));
        QVERIFY(run && run->isEnabled());
        run->click();
        QTRY_VERIFY_WITH_TIMEOUT(!lesson->answerText().isEmpty(), 30000);
        QVERIFY2(lesson->answerText().contains("Not quite"), qPrintable(lesson->answerText()));
        QVERIFY(lesson->answerText().contains("microtask"));
        QCOMPARE(window.consoleModel()->outputLines(), printed);
        auto* highlight = window.findChild<PanelHighlight*>(QStringLiteral("panelHighlight"));
        QCOMPARE(highlight->ringed(), window.findChild<QDockWidget*>(QStringLiteral("consoleDock")));
        QVERIFY(highlight->isVisible());

        // Alt+Down on the first line puts it second: the order printed.
        auto* lines = lesson->findChild<QListWidget*>(QStringLiteral("lessonLines"));
        lines->setCurrentRow(0);
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        lines->setFocus();
        QTest::keyClick(lines, Qt::Key_Down, Qt::AltModifier);
        QCOMPARE(lesson->guess(), printed);
        run->click();
        // The lesson stays in view while the run raises the script's tab.
        QVERIFY(lesson->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(lesson->answerText().contains("Right."), 30000);

        // A run held to be stepped: the lesson stays in view and says what to press next, until the answer.
        QSettings().setValue(QStringLiteral("stepping/startPaused/tick-vs-promise"), true);
        run->click();
        QVERIFY(lesson->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->session() && window.controller()->session()->paused(), 30000);
        QVERIFY2(lesson->promptText().contains("Space"), qPrintable(lesson->promptText()));
        QVERIFY(lesson->answerText().isEmpty());
        window.controller()->setPaused(false);
        QTRY_VERIFY_WITH_TIMEOUT(lesson->answerText().contains("Right."), 30000);
        QVERIFY(lesson->promptText().isEmpty());
        QSettings().remove(QStringLiteral("stepping/startPaused/tick-vs-promise"));
    }

    // A scenario probed by /health asks whether /health keeps answering, and the run answers: hashing
    // in one go keeps it waiting, hashing in setImmediate steps does not. A scenario that keeps the loop
    // busy with nothing to order (json-parse) asks the same of the loop's delay check. The answer brings
    // the latency chart forward, ringed.
    void lessonAsksWhetherTheLoopKeepsUp_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<LessonPanel::Question>("question");
        QTest::addColumn<bool>("keepsUp");
        QTest::addColumn<QString>("fact");
        QTest::newRow("compute-sync") << "compute-sync" << LessonPanel::Question::Health << false << "/health waited";
        QTest::newRow("compute-immediate")
            << "compute-immediate" << LessonPanel::Question::Health << true << "/health kept answering";
        QTest::newRow("json-parse") << "json-parse" << LessonPanel::Question::Delay << false
                                    << "The delay checks waited";
        // A regex backtracking about 80 ms does not keep the loop on time either (the bound of /health's
        // answers, 100 ms, said it did).
        QTest::newRow("redos") << "redos" << LessonPanel::Question::Delay << false << "The delay checks waited";
        QTest::newRow("pbkdf2-sync") << "pbkdf2-sync" << LessonPanel::Question::Delay << false
                                     << "The delay checks waited";
    }

    void lessonAsksWhetherTheLoopKeepsUp()
    {
        QFETCH(QString, scenario);
        QFETCH(LessonPanel::Question, question);
        QFETCH(bool, keepsUp);
        QFETCH(QString, fact);
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* latency = window.findChild<QDockWidget*>(QStringLiteral("latencyDock"));
        LessonPanel* lesson = window.lessonPanel();
        auto* run = lesson->findChild<QPushButton*>(QStringLiteral("lessonRun"));
        QVERIFY(window.scenarioBrowser()->select(scenario));
        window.findChild<QDockWidget*>(QStringLiteral("lessonDock"))->raise();
        QTRY_VERIFY_WITH_TIMEOUT(lesson->ready(), 30000);
        QCOMPARE(lesson->asks(), question);
        // Until the run, the lesson's title is its question: neither the scenario's name nor its answer.
        auto* title = lesson->findChild<QLabel*>(QStringLiteral("lessonTitle"));
        QVERIFY(title);
        QVERIFY2(
            !title->text().contains(scenario) && title->text().endsWith(QLatin1Char('?')), qPrintable(title->text()));
        QVERIFY(!lesson->keepsUpGuess());
        QVERIFY(!lesson->findChild<QListWidget*>(QStringLiteral("lessonLines"))->isVisible());
        latency->hide(); // closed: the answer brings it back
        lesson->setKeepsUpGuess(true);
        run->click();
        QTRY_VERIFY_WITH_TIMEOUT(!lesson->answerText().isEmpty(), 60000);
        const QString answer = lesson->answerText();
        // The verdict is the run's own: what its figures measured, against the guess (kept up).
        const loopscope::Figures figures = window.feed()->figures();
        const bool measuredKeptUp = LessonPanel::keptUp(question, figures);
        QVERIFY2(answer.contains(measuredKeptUp ? "Right." : "Not quite."), qPrintable(answer));
        // A program that holds the loop for seconds never keeps up. One that yields does on a quiet machine
        // (tst_io checks its /health bound without a window), but a window drawn under a sanitizer on a
        // loaded machine can hold one answer past the bound: then the answer must say so, as it just did.
        if (!keepsUp || measuredKeptUp) {
            QCOMPARE(measuredKeptUp, keepsUp);
            QVERIFY2(answer.contains(fact), qPrintable(answer));
        } else {
            qWarning("%s: the slowest wait took %.0f ms in this run", qPrintable(scenario),
                LessonPanel::waitOf(question, figures).slowestMs);
        }
        QVERIFY(latency->isVisible());
        QCOMPARE(window.findChild<PanelHighlight*>(QStringLiteral("panelHighlight"))->ringed(), latency);
        QVERIFY2(!title->text().endsWith(QLatin1Char('?')), qPrintable(title->text()));
    }
};

LOOPSCOPE_PROJECTOR_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
