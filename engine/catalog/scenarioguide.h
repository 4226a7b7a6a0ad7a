#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// Where each built-in scenario comes from and what it asks: the five articles LoopScope was made from
// (../shared/seeds), the topics they teach, and each scenario's question in one line. The scenario
// browser groups the scenarios by article or by topic with it. Texts come in the language of the moment.
class ScenarioGuide
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioGuide)

public:
    struct Article
    {
        QString id; // "000" to "004", the seed's number
        QString title;
        QString origin; // who wrote it, and in which language
    };
    struct Topic
    {
        QString id;
        QString title;
    };
    struct Place
    {
        QString scenario;
        QStringList articles; // ids, the article that has the experiment first
        QString topic; // an id
        QString question;
    };

    // The articles in the order of their numbers.
    static QList<Article> articles();
    // The topics from the loop's rules to the work around it.
    static QList<Topic> topics();
    // Every scenario the guide places, in the order a class meets them.
    static QList<Place> places();
    static std::optional<Place> placeOf(const QString& scenario);
    static std::optional<Article> article(const QString& id);
};
