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
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
