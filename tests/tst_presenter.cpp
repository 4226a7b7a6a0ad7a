// The presenter's view: presentation mode on the room's screen opens it on the lecturer's, with what only
// the lecturer needs; with one screen it opens from the View menu as a window of its own.
#include "catalog/scenarioguide.h"
#include "projectorscreen.h"
#include "widgets/lessons/lessonpanel.h"
#include "widgets/lessons/presenterview.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/window/mainwindow.h"
#include "widgets/window/presentationcontroller.h"

#include <QAction>
#include <QGuiApplication>
#include <QLabel>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>

class TestPresenter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QCOMPARE(QGuiApplication::screens().size(), 2);
    }

    void opensOnTheSecondScreenWhilePresenting()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.scenarioBrowser()->select(QStringLiteral("guess-order")));
        window.presentation()->setPresenting(true);
        PresenterView* presenter = window.findChild<PresenterView*>();
        QVERIFY(presenter);
        QVERIFY(QTest::qWaitForWindowExposed(presenter));
        // On the lecturer's screen, not the room's.
        QVERIFY(presenter->screen() != window.screen());
        QVERIFY(presenter->screen()->geometry().contains(presenter->geometry().center()));
        // The scenario's question and its explanation as notes; what the window says now.
        QTRY_VERIFY(presenter->notesText().contains(QStringLiteral("readFile callback")));
        const auto* question = presenter->findChild<QLabel*>(QStringLiteral("presenterQuestion"));
        QCOMPARE(question->text(), ScenarioGuide::placeOf(QStringLiteral("guess-order"))->question);
        QTRY_COMPARE(presenter->nowText(), window.stateText());
        QVERIFY(!presenter->nextText().isEmpty());
        // Leaving presentation mode closes what it opened.
        window.presentation()->setPresenting(false);
        QVERIFY(!presenter->isVisible());
    }

    void opensFromTheViewMenu()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* action = window.findChild<QAction*>(QStringLiteral("presenterAction"));
        QVERIFY(action);
        action->trigger();
        PresenterView* presenter = window.findChild<PresenterView*>();
        QVERIFY(presenter && presenter->isVisible());
        QVERIFY(presenter->screen() != window.screen());
        // Opened by hand, it stays when presentation mode ends.
        window.presentation()->setPresenting(true);
        window.presentation()->setPresenting(false);
        QVERIFY(presenter->isVisible());
    }
};

LOOPSCOPE_SCREENS_TEST_MAIN(TestPresenter, "screens-two-1280x720.json")
#include "tst_presenter.moc"
