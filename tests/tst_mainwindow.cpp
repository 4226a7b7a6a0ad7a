#include "catalog/scenariocatalog.h"
#include "models/sessioncontroller.h"
#include "recording/events.h"
#include "recording/recording.h"
#include "widgets/mainwindow.h"

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
