#include "widgets/latencychart.h"
#include "widgets/mainwindow.h"
#include "widgets/phasewheel.h"
#include "widgets/timelineview.h"

#include <QDockWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

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
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
