#include "catalog/scenariocatalog.h"
#include "catalog/scenarioguide.h"
#include "catalog/scenariotexts.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

// The built-in scenarios' texts must all be listed for translation, or users of
// another language would see English titles without anyone noticing.
class TestScenarioTexts : public QObject
{
    Q_OBJECT

private slots:
    void everyScenarioTextIsTranslatable()
    {
        QSet<QString> listed;
        for (const char* const* text = ScenarioTexts::sources; *text; ++text)
            listed.insert(QString::fromUtf8(*text));
        const QDir dir(QStringLiteral(LOOPSCOPE_SOURCE_DIR "/resources/scenarios"));
        const QStringList files = dir.entryList({ QStringLiteral("*.json") }, QDir::Files);
        QVERIFY(files.size() >= 20);
        for (const QString& file : files) {
            QFile json(dir.filePath(file));
            QVERIFY(json.open(QIODevice::ReadOnly));
            const QJsonObject program = QJsonDocument::fromJson(json.readAll()).object();
            QVERIFY2(!program.value(QStringLiteral("title")).toString().isEmpty(), qPrintable(file));
            QVERIFY2(!program.value(QStringLiteral("description")).toString().isEmpty(), qPrintable(file));
            for (const char* key : { "title", "description" }) {
                const QString text = program.value(QLatin1String(key)).toString();
                QVERIFY2(
                    listed.contains(text), qPrintable(file + QStringLiteral(": run scripts/update-scenario-texts.py")));
            }
            const QJsonObject params = program.value(QStringLiteral("params")).toObject();
            for (const QString& name : params.keys()) {
                const QString text = params.value(name).toObject().value(QStringLiteral("description")).toString();
                QVERIFY2(text.isEmpty() || listed.contains(text), qPrintable(file + QStringLiteral(": ") + name));
            }
        }
    }

    void catalogListsEveryScenarioWithItsTitle()
    {
        const QList<ScenarioCatalog::Entry> entries = ScenarioCatalog::entries();
        QVERIFY(entries.size() >= 20);
        for (const ScenarioCatalog::Entry& entry : entries) {
            QVERIFY(!entry.title.isEmpty());
            QVERIFY(!entry.description.isEmpty());
        }
        QVERIFY(std::is_sorted(entries.begin(), entries.end(),
            [](const ScenarioCatalog::Entry& a, const ScenarioCatalog::Entry& b) { return a.name < b.name; }));
    }

    // The browser groups the scenarios by article and by topic: every scenario has its place, with its
    // question, and every article LoopScope was made from has its experiments.
    void everyScenarioHasItsPlaceInTheGuide()
    {
        QSet<QString> articles;
        for (const ScenarioGuide::Article& article : ScenarioGuide::articles()) {
            QVERIFY(!article.title.isEmpty());
            QVERIFY(!article.origin.isEmpty());
            articles.insert(article.id);
        }
        QCOMPARE(articles, (QSet<QString> { "000", "001", "002", "003", "004" }));
        QSet<QString> topics;
        for (const ScenarioGuide::Topic& topic : ScenarioGuide::topics())
            topics.insert(topic.id);
        QSet<QString> names;
        for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
            names.insert(entry.name);
        QSet<QString> placed;
        QSet<QString> articlesUsed;
        for (const ScenarioGuide::Place& place : ScenarioGuide::places()) {
            QVERIFY2(names.contains(place.scenario), qPrintable(place.scenario + ": no such scenario"));
            QVERIFY2(!placed.contains(place.scenario), qPrintable(place.scenario + ": placed twice"));
            placed.insert(place.scenario);
            QVERIFY2(place.question.endsWith(QLatin1Char('?')), qPrintable(place.scenario));
            QVERIFY2(topics.contains(place.topic), qPrintable(place.scenario + ": topic " + place.topic));
            QVERIFY(!place.articles.isEmpty());
            for (const QString& id : place.articles) {
                QVERIFY2(articles.contains(id), qPrintable(place.scenario + ": article " + id));
                articlesUsed.insert(id);
            }
        }
        QCOMPARE(placed, names);
        QCOMPARE(articlesUsed, articles);
    }
};

QTEST_GUILESS_MAIN(TestScenarioTexts)
#include "tst_scenariotexts.moc"
