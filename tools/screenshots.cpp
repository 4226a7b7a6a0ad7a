// Takes the README's screenshots of the window as a new user sees it: idle, during the palette's
// "Block the loop" (1500 ms by default) and after it; then Compare with Node.js after 20 runs of
// main-race on each side (needs node). Run under Xvfb or offscreen:
//   screenshots OUTDIR [--dark] [--lang CODE] [--size WxH] [--health]
// With --attach SCRIPT, only Run with Node…: its dialog, then SCRIPT attached, every two seconds until it
// has ended (attach-1.png, attach-2.png, ...). With --figures SCENARIO, only SCENARIO run to its end with
// the Run figures tab shown (figures-SCENARIO.png). With --animation, only pool-saturation run to its end, File >
// Export animation…'s dialog (animation-dialog.png), its progress (animation-progress.png) and the GIF it writes
// (animation.gif). With --attach-pid PID, only File > Attach to a running Node.js process…: its dialog
// (attach-process-dialog.png), then process PID watched for --seconds (default 8; attach-pid-N.png every two
// seconds), detached, and the callback that blocked last selected in the timeline, its "Blocked by" panel in
// front (attach-blocked-by.png).
#include "control/sessioncontroller.h"
#include "models/livefeed.h"
#include "models/timelineindex.h"
#include "recording/recording.h"
#include "widgets/chart/latencychart.h"
#include "widgets/compare/comparisonwindow.h"
#include "widgets/dialogs/animationdialog.h"
#include "widgets/dialogs/attachprocessdialog.h"
#include "widgets/dialogs/nodecomparedialog.h"
#include "widgets/dialogs/noderundialog.h"
#include "widgets/dialogs/nodetimingdialog.h"
#include "widgets/dialogs/runmanydialog.h"
#include "widgets/lanes/blockflameview.h"
#include "widgets/lessons/lessonpanel.h"
#include "widgets/lessons/presenterview.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/panels/workloadpalette.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/window/attachcontroller.h"
#include "widgets/window/filescontroller.h"
#include "widgets/window/mainwindow.h"
#include "widgets/window/presentationcontroller.h"
#include "widgets/window/theme.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLocale>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QTranslator>

#include <cstdio>

namespace {

void save(QWidget& window, const QString& path)
{
    if (!window.grab().save(path))
        std::fprintf(stderr, "screenshots: cannot write %s\n", qPrintable(path));
    else
        std::printf("%s\n", qPrintable(path));
}

// Watches process `pid` through File > Attach to a running Node.js process… for `seconds`, detaches, then
// selects the callback that blocked last in the timeline (bringing its "Blocked by" panel forward).
int attachToRunningProcess(MainWindow& window, int pid, int seconds, const QDir& out, const QString& prefix)
{
    SessionController::setProbeDirectory(QStringLiteral(LOOPSCOPE_QM_DIR)); // beside the executable
    QTest::qWait(500);
    AttachProcessDialog* dialog = window.attach()->chooseProcess();
    QTest::qWait(1500); // the list of processes fills in
    save(*dialog, out.filePath(prefix + QStringLiteral("attach-process-dialog.png")));
    dialog->reject();
    if (!window.attach()->attachToProcess(pid))
        return 1;
    for (int shot = 1; shot <= seconds / 2; ++shot) {
        QTest::qWait(2000);
        save(window, out.filePath(prefix + QStringLiteral("attach-pid-%1.png").arg(shot)));
    }
    window.controller()->stopAttached();
    QTest::qWait(1000);
    const std::shared_ptr<const loopscope::Recording> recording = window.controller()->recording();
    const std::optional<loopscope::BlockProfile> blocked = recording ? recording->blockProfiles.latest() : std::nullopt;
    if (!blocked) {
        std::fprintf(stderr, "screenshots: no callback of process %d blocked\n", pid);
        return 1;
    }
    TimelineView* timeline = window.timeline();
    const std::int64_t middleNs = blocked->callbackStartNs + 1'000'000;
    timeline->setWindow({ std::max<std::int64_t>(0, middleNs - 1'500'000'000), middleNs + 1'500'000'000 });
    for (int kind = 0; kind <= int(loopscope::CallbackKind::Main); ++kind) {
        const int row = timeline->index().rowOf(TimelineIndex::RowKind::Callbacks, blocked->thread, kind);
        if (row >= 0 && !timeline->selectAt(row, middleNs).isEmpty())
            break;
    }
    QTest::qWait(500);
    save(window, out.filePath(prefix + QStringLiteral("attach-blocked-by.png")));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QStandardPaths::setTestModeEnabled(true); // a fresh user's settings, not the developer's
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("LoopScope"));
    QCoreApplication::setApplicationName(QStringLiteral("LoopScope-screenshots"));
    QSettings().clear();

    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("outdir"), QStringLiteral("where the PNG files go"));
    parser.addOption({ QStringLiteral("dark"), QStringLiteral("the dark theme") });
    parser.addOption({ QStringLiteral("health"), QStringLiteral("the /health probe on (H)") });
    parser.addOption({ QStringLiteral("attach"), QStringLiteral("a Node.js program to run with the probe"),
        QStringLiteral("script") });
    parser.addOption({ QStringLiteral("attach-pid"), QStringLiteral("a running Node.js process to attach to"),
        QStringLiteral("pid") });
    parser.addOption({ QStringLiteral("seconds"), QStringLiteral("how long to watch the process"),
        QStringLiteral("seconds"), QStringLiteral("8") });
    parser.addOption({ QStringLiteral("lang"), QStringLiteral("user-interface language"), QStringLiteral("code") });
    parser.addOption({ QStringLiteral("figures"), QStringLiteral("a scenario to run, then show its Run figures"),
        QStringLiteral("scenario") });
    parser.addOption({ QStringLiteral("animation"), QStringLiteral("File > Export animation… of pool-saturation") });
    parser.addOption(
        { QStringLiteral("size"), QStringLiteral("window size"), QStringLiteral("WxH"), QStringLiteral("1600x960") });
    parser.process(app);
    if (parser.positionalArguments().size() != 1)
        parser.showHelp(2);
    const QDir out(parser.positionalArguments().first());
    QDir().mkpath(out.path());
    const QString prefix = parser.isSet(QStringLiteral("dark")) ? QStringLiteral("dark-") : QString();

    QTranslator translator;
    if (parser.isSet(QStringLiteral("lang"))) {
        const QString name = QStringLiteral("loopscope_%1").arg(parser.value(QStringLiteral("lang")));
        if (!translator.load(name, QStringLiteral(LOOPSCOPE_QM_DIR))) {
            std::fprintf(stderr, "screenshots: no translation %s in %s\n", qPrintable(name), LOOPSCOPE_QM_DIR);
            return 2;
        }
        QApplication::installTranslator(&translator);
        QLocale::setDefault(QLocale(parser.value(QStringLiteral("lang"))));
    }
    Theme::save(parser.isSet(QStringLiteral("dark")) ? Theme::Mode::Dark : Theme::Mode::Light);

    MainWindow window;
    const QStringList size = parser.value(QStringLiteral("size")).split(QLatin1Char('x'));
    if (size.size() == 2)
        window.resize(size[0].toInt(), size[1].toInt());
    window.show();
    // Under a bare X server the window may not be active, so shortcuts are triggered as actions.
    auto press = [&window](const QKeySequence& shortcut) {
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->shortcut() == shortcut)
                action->trigger();
        }
    };
    if (parser.isSet(QStringLiteral("health")))
        press(QKeySequence(Qt::Key_H));

    if (parser.isSet(QStringLiteral("attach-pid"))) {
        return attachToRunningProcess(window, parser.value(QStringLiteral("attach-pid")).toInt(),
            parser.value(QStringLiteral("seconds")).toInt(), out, prefix);
    }

    if (parser.isSet(QStringLiteral("attach"))) {
        SessionController::setProbeDirectory(QStringLiteral(LOOPSCOPE_QM_DIR)); // beside the executable
        QTest::qWait(500);
        NodeRunDialog* dialog = window.attach()->runWithNode();
        QTest::qWait(300);
        save(*dialog, out.filePath(prefix + QStringLiteral("attach-dialog.png")));
        dialog->reject();
        window.attach()->attachProgram(parser.value(QStringLiteral("attach")));
        QElapsedTimer ran;
        ran.start();
        for (int shot = 1; ran.elapsed() < 60000; ++shot) {
            const bool ended = window.feed()->finished();
            QTest::qWait(ended ? 300 : 2000);
            save(window, out.filePath(prefix + QStringLiteral("attach-%1.png").arg(shot)));
            if (ended)
                break;
        }
        return 0;
    }

    if (parser.isSet(QStringLiteral("animation"))) {
        QSettings().setValue(QStringLiteral("stepping/startPaused/pool-saturation"), false);
        QTest::qWait(500);
        window.runScenario(QStringLiteral("pool-saturation"));
        QElapsedTimer ran;
        ran.start();
        while (!window.feed()->finished() && ran.elapsed() < 60000)
            QTest::qWait(200);
        QTest::qWait(500);
        AnimationDialog* dialog = window.files()->chooseAnimation();
        if (!dialog)
            return 1;
        dialog->setView(MainWindow::View::Circle);
        dialog->setPath(out.filePath(prefix + QStringLiteral("animation.gif")));
        QTest::qWait(300);
        save(*dialog, out.filePath(prefix + QStringLiteral("animation-dialog.png")));
        // The progress dialog as the frames are drawn, taken once a few are.
        bool taken = false;
        QTimer progressShot;
        QObject::connect(&progressShot, &QTimer::timeout, [&] {
            for (QWidget* widget : QApplication::topLevelWidgets()) {
                auto* progress = qobject_cast<QProgressDialog*>(widget);
                if (!taken && progress && progress->isVisible() && progress->value() >= 5) {
                    taken = true;
                    save(*progress, out.filePath(prefix + QStringLiteral("animation-progress.png")));
                }
            }
        });
        progressShot.start(0);
        QElapsedTimer exported;
        exported.start();
        dialog->accept();
        while (!QFileInfo::exists(out.filePath(prefix + QStringLiteral("animation.gif"))) && exported.elapsed() < 60000)
            QTest::qWait(50);
        std::printf("animation: %lld bytes in %lld ms\n",
            QFileInfo(out.filePath(prefix + QStringLiteral("animation.gif"))).size(), exported.elapsed());
        return 0;
    }

    if (parser.isSet(QStringLiteral("figures"))) {
        const QString scenario = parser.value(QStringLiteral("figures"));
        QTest::qWait(500);
        window.runScenario(scenario);
        QElapsedTimer ran;
        ran.start();
        while (!window.feed()->finished() && ran.elapsed() < 60000)
            QTest::qWait(200);
        if (auto* dock = window.findChild<QDockWidget*>(QStringLiteral("figuresDock")))
            dock->raise();
        QTest::qWait(500);
        save(window, out.filePath(prefix + QStringLiteral("figures-%1.png").arg(scenario)));
        // The panel on its own, large enough to read whole.
        if (auto* dock = window.findChild<QDockWidget*>(QStringLiteral("figuresDock"))) {
            dock->setFloating(true);
            dock->resize(1000, 560);
            QTest::qWait(500);
            save(*dock, out.filePath(prefix + QStringLiteral("figures-%1-panel.png").arg(scenario)));
        }
        return 0;
    }

    QTest::qWait(2500);
    save(window, out.filePath(prefix + QStringLiteral("idle.png")));
    // The experiments by article, one selected with its question and where it comes from; then by topic.
    auto* scenariosDock = window.findChild<QDockWidget*>(QStringLiteral("scenariosDock"));
    scenariosDock->raise();
    window.scenarioBrowser()->select(QStringLiteral("pbkdf2-sync"));
    QTest::qWait(300);
    save(window, out.filePath(prefix + QStringLiteral("scenarios.png")));
    window.scenarioBrowser()->setGrouping(ScenarioBrowser::Grouping::ByTopic);
    QTest::qWait(300);
    save(*scenariosDock, out.filePath(prefix + QStringLiteral("scenarios-by-topic.png")));
    window.scenarioBrowser()->setGrouping(ScenarioBrowser::Grouping::ByArticle);
    window.findChild<QDockWidget*>(QStringLiteral("workloadsDock"))->raise();
    window.workloadPalette()->button(WorkloadPalette::Workload::Block)->click();
    QTest::qWait(1000);
    save(window, out.filePath(prefix + QStringLiteral("blocked.png")));
    save(*window.latencyChart(), out.filePath(prefix + QStringLiteral("blocked-chart.png")));
    QTest::qWait(2000);
    save(window, out.filePath(prefix + QStringLiteral("after.png")));

    NodeTimingDialog timing(&window);
    timing.show();
    QTest::qWait(200);
    save(timing, out.filePath(prefix + QStringLiteral("node-timing.png")));
    // The costs Node spends once (a worker's, the HTTP server's, the first rejection's), below the ops.
    timing.findChild<QTableWidget*>()->scrollToBottom();
    QTest::qWait(100);
    save(timing, out.filePath(prefix + QStringLiteral("node-timing-end.png")));
    timing.close();

    // guess-order stepped from "paused before main" to the halt after its readFile callback's body.
    QSettings().remove(QStringLiteral("stepping/startPaused/guess-order"));
    window.runScenario(QStringLiteral("guess-order"));
    QTest::qWait(500);
    save(window, out.filePath(prefix + QStringLiteral("paused-before-main.png")));
    for (int step = 0; step < 2; ++step) {
        press(QKeySequence(Qt::Key_C));
        QTest::qWait(400);
    }
    save(window, out.filePath(prefix + QStringLiteral("stepped.png")));
    for (int step = 0; step < 2; ++step) {
        press(QKeySequence(Qt::Key_C));
        QTest::qWait(400);
    }
    press(QKeySequence(Qt::Key_Space));
    QTest::qWait(1500);
    save(window, out.filePath(prefix + QStringLiteral("stepped-run.png")));
    // Back through the run that has ended: three callbacks before its end, rebuilt from the recording.
    for (int step = 0; step < 3; ++step) {
        press(QKeySequence(QStringLiteral("Shift+C")));
        QTest::qWait(200);
    }
    save(window, out.filePath(prefix + QStringLiteral("stepped-back.png")));
    // The setTimeout callback selected: an arrow from the readFile callback that queued it.
    {
        TimelineView& timeline = *window.timeline();
        const int timers = timeline.index().rowOf(
            TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::Timer));
        if (timers >= 0 && !timeline.index().rows()[std::size_t(timers)].spans.empty()) {
            const TimelineSpan& ran = timeline.index().rows()[std::size_t(timers)].spans.front();
            timeline.selectAt(timers, (ran.startNs + ran.endNs) / 2);
        }
        QTest::qWait(100);
        save(timeline, out.filePath(prefix + QStringLiteral("timeline-flow.png")));
    }
    auto runToItsEnd = [&window](const QString& scenario) {
        QSettings().setValue(QStringLiteral("stepping/startPaused/") + scenario, false);
        window.runScenario(scenario);
        QElapsedTimer waited;
        waited.start();
        while (!window.feed()->finished() && waited.elapsed() < 20000)
            QTest::qWait(100);
        QTest::qWait(300);
    };
    // Six pbkdf2 jobs in two waves, each its own bar; a worker loop's lanes.
    runToItsEnd(QStringLiteral("pbkdf2-waves"));
    save(*window.timeline(), out.filePath(prefix + QStringLiteral("timeline-waves.png")));
    runToItsEnd(QStringLiteral("await-order"));
    window.timeline()->setSlotMode(true);
    QTest::qWait(100);
    save(*window.timeline(), out.filePath(prefix + QStringLiteral("timeline-slots.png")));
    window.timeline()->setSlotMode(false);
    runToItsEnd(QStringLiteral("price-report-worker"));
    save(*window.timeline(), out.filePath(prefix + QStringLiteral("timeline-worker.png")));
    // pool-saturation at 50 ms: four pbkdf2 running, fs and dns waiting for a thread.
    runToItsEnd(QStringLiteral("pool-saturation"));
    window.feed()->setPlayhead(50'000'000);
    QTest::qWait(300);
    save(window, out.filePath(prefix + QStringLiteral("replay-pool.png")));
    window.runScenario(QStringLiteral("main-race"));
    NodeCompareDialog* compare = window.compareWithNode();
    compare->comparison()->setLoopScopePath(QStringLiteral(LOOPSCOPE_EXECUTABLE));
    QSignalSpy finished(compare->comparison(), &NodeComparison::finished);
    compare->run();
    if (!finished.wait(120000))
        std::fprintf(stderr, "screenshots: the comparison did not finish\n");
    QTest::qWait(300);
    save(*compare, out.filePath(prefix + QStringLiteral("compare.png")));
    save(window, out.filePath(prefix + QStringLiteral("compare-window.png")));
    compare->close();
    // main-race run a hundred times: both orders, with their frequencies.
    QSettings().setValue(QStringLiteral("runMany/runs"), 100);
    RunManyDialog* runMany = window.runManyTimes();
    QElapsedTimer waited;
    waited.start();
    while (runMany->isRunning() && waited.elapsed() < 120000)
        QTest::qWait(50);
    QTest::qWait(300);
    save(*runMany, out.filePath(prefix + QStringLiteral("run-many.png")));
    runMany->close();
    // Compare two runs: pool-saturation on four threads and on eight, 300 ms into each run.
    ComparisonWindow* sideBySide = window.compareTwoRuns();
    sideBySide->resize(window.size());
    // Each side runs in a LoopScope process: this tool is not one, the build's loopscope is.
    sideBySide->runs()->setExecutable(QCoreApplication::applicationDirPath() + QStringLiteral("/../app/loopscope"));
    sideBySide->choosePair(QStringLiteral("pool-4-8"));
    sideBySide->run();
    waited.restart();
    while (sideBySide->running() && waited.elapsed() < 120000)
        QTest::qWait(50);
    sideBySide->setAtNs(300'000'000);
    QTest::qWait(300);
    save(*sideBySide, out.filePath(prefix + QStringLiteral("compare-runs.png")));
    sideBySide->close();
    // Presentation mode on a projector's screen, a lesson's scenario stepped into its drain.
    const QSize windowSize = window.size();
    window.presentation()->setPresenting(true);
    window.setWindowState(Qt::WindowNoState);
    window.resize(windowSize);
    // guess-order's lesson: the question and the lines to order, then its run stepped into the drain.
    window.scenarioBrowser()->select(QStringLiteral("guess-order"));
    window.findChild<QDockWidget*>(QStringLiteral("lessonDock"))->raise();
    waited.restart();
    while (!window.lessonPanel()->ready() && waited.elapsed() < 30000)
        QTest::qWait(50);
    QTest::qWait(300);
    save(window, out.filePath(prefix + QStringLiteral("presentation.png")));
    // What the lecturer's own screen shows meanwhile.
    PresenterView* presenter = window.presentation()->presenterView();
    presenter->resize(1280, 720);
    presenter->show();
    QTest::qWait(400);
    save(*presenter, out.filePath(prefix + QStringLiteral("presenter.png")));
    presenter->close();
    window.lessonPanel()->findChild<QPushButton*>(QStringLiteral("lessonRun"))->click();
    QTest::qWait(1500);
    save(window, out.filePath(prefix + QStringLiteral("presentation-run.png")));
    // The lecturer zooms in three steps (Ctrl++): the circle and its text grow, the window stays on its screen.
    for (int step = 0; step < 3; ++step)
        window.findChild<QAction*>(QStringLiteral("zoomInAction"))->trigger();
    QTest::qWait(400);
    save(window, out.filePath(prefix + QStringLiteral("presentation-zoomed.png")));
    for (int step = 0; step < 3; ++step)
        window.findChild<QAction*>(QStringLiteral("zoomOutAction"))->trigger();
    // compute-sync's lesson: "will /health keep answering?", guessed yes, answered by the run.
    window.scenarioBrowser()->select(QStringLiteral("compute-sync"));
    window.findChild<QDockWidget*>(QStringLiteral("lessonDock"))->raise();
    waited.restart();
    while (!window.lessonPanel()->ready() && waited.elapsed() < 30000)
        QTest::qWait(50);
    window.lessonPanel()->setKeepsUpGuess(true);
    window.lessonPanel()->findChild<QPushButton*>(QStringLiteral("lessonRun"))->click();
    waited.restart();
    while (window.lessonPanel()->answerText().isEmpty() && waited.elapsed() < 60000)
        QTest::qWait(50);
    QTest::qWait(300);
    save(window, out.filePath(prefix + QStringLiteral("presentation-health.png")));
    window.presentation()->setPresenting(false);
    return 0;
}
