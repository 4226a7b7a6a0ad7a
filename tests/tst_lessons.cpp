// The built-in scenarios are the syllabus: every one of them has a lesson that asks a question the run
// can answer (the order of its lines, or whether /health or the loop's delay check keeps up), and each
// kind is asked of the scenarios whose seed experiment it teaches.
#include "catalog/scenariocatalog.h"
#include "widgets/lessons/lessonpanel.h"

#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

class TestLessons : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyScenarioAsksAQuestion_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
            QTest::newRow(qPrintable(entry.name)) << entry.name;
        QVERIFY(ScenarioCatalog::entries().size() >= 22);
    }

    void everyScenarioAsksAQuestion()
    {
        QFETCH(QString, scenario);
        LessonPanel lesson;
        lesson.resize(420, 600);
        lesson.show();
        lesson.setScenario(scenario);
        // An ordering lesson runs the program off screen first, a few times, to find its lines.
        QTRY_VERIFY_WITH_TIMEOUT(lesson.ready(), 120000);
        const QString question = lesson.findChild<QLabel*>(QStringLiteral("lessonQuestion"))->text();
        QVERIFY2(question.endsWith(QLatin1String("then run and check.")), qPrintable(question));
        const bool probed
            = scenario.startsWith(QLatin1String("compute-")) || scenario.startsWith(QLatin1String("price-report-"));
        const bool blocking = scenario == QLatin1String("json-parse") || scenario == QLatin1String("redos")
            || scenario == QLatin1String("pbkdf2-sync");
        const LessonPanel::Question expected = probed ? LessonPanel::Question::Health
            : blocking                                ? LessonPanel::Question::Delay
                                                      : LessonPanel::Question::Order;
        QCOMPARE(lesson.asks(), expected);
        if (expected == LessonPanel::Question::Order)
            QVERIFY(lesson.guess().size() >= 2);
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
