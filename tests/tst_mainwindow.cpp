#include "widgets/mainwindow.h"

#include <QTest>

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
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
