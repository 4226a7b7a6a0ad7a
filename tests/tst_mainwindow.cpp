#include "catalog/scenariocatalog.h"
#include "models/sessioncontroller.h"
#include "recording/events.h"
#include "recording/recording.h"
#include "widgets/latencychart.h"
#include "widgets/mainwindow.h"
#include "widgets/phasewheel.h"
#include "widgets/timelineview.h"

#include <QDockWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <memory>

namespace {

int consoleLines(const loopscope::Recording& recording)
{
    int lines = 0;
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i)
        lines += log[i].type == loopscope::RecordType::Log ? 1 : 0;
    return lines;
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

    // The window must fit a 1280x720 screen (a classroom projector), panel bar included.
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
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
