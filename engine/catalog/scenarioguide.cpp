#include "catalog/scenarioguide.h"

#include <iterator>

namespace {

struct ArticleText
{
    const char* id;
    const char* title;
    const char* origin;
};

constexpr ArticleText Articles[] = {
    { "000", QT_TRANSLATE_NOOP("ScenarioGuide", "How even fast async functions can block the event loop"),
        QT_TRANSLATE_NOOP("ScenarioGuide", "An article by an engineer at Snyk, in Spanish") },
    { "001", QT_TRANSLATE_NOOP("ScenarioGuide", "Faster async functions and promises"),
        QT_TRANSLATE_NOOP("ScenarioGuide", "The V8 team's article, in Spanish") },
    { "002",
        QT_TRANSLATE_NOOP("ScenarioGuide", "The event loop on the server: phases, nextTick, setImmediate, blocking"),
        QT_TRANSLATE_NOOP("ScenarioGuide", "Mert Özen's article, in English") },
    { "003", QT_TRANSLATE_NOOP("ScenarioGuide", "Counting with while, nextTick and setTimeout"),
        QT_TRANSLATE_NOOP("ScenarioGuide", "The Mythic Logos blog, in English") },
    { "004", QT_TRANSLATE_NOOP("ScenarioGuide", "Concurrency in Node.js: libuv, the event loop and the thread pool"),
        QT_TRANSLATE_NOOP("ScenarioGuide", "An article in Belarusian") },
};

struct TopicText
{
    const char* id;
    const char* title;
};

constexpr TopicText Topics[] = {
    { "order", QT_TRANSLATE_NOOP("ScenarioGuide", "Which callback runs first") },
    { "microtasks", QT_TRANSLATE_NOOP("ScenarioGuide", "Microtasks, promises and await") },
    { "yielding", QT_TRANSLATE_NOOP("ScenarioGuide", "Giving the loop back: nextTick, setImmediate, setTimeout") },
    { "blocking", QT_TRANSLATE_NOOP("ScenarioGuide", "Blocking the loop") },
    { "pool", QT_TRANSLATE_NOOP("ScenarioGuide", "The thread pool and workers") },
};

struct PlaceText
{
    const char* scenario;
    const char* articles; // ids separated by spaces
    const char* topic;
    const char* question;
};

constexpr PlaceText Places[] = {
    { "guess-order", "002", "order",
        QT_TRANSLATE_NOOP("ScenarioGuide",
            "Inside a readFile callback, in which order do a timer, an immediate, a promise and a nextTick run?") },
    { "main-race", "002", "order",
        QT_TRANSLATE_NOOP("ScenarioGuide", "From the main module, does setTimeout(0) or setImmediate run first?") },
    { "main-race-esm", "002", "order",
        QT_TRANSLATE_NOOP("ScenarioGuide", "From an ES module, does setTimeout(0) or setImmediate run first?") },
    { "tick-vs-promise", "002", "microtasks",
        QT_TRANSLATE_NOOP(
            "ScenarioGuide", "After a CommonJS module, does process.nextTick or promise.then print first?") },
    { "tick-vs-promise-esm", "002", "microtasks",
        QT_TRANSLATE_NOOP("ScenarioGuide", "After an ES module, does process.nextTick or promise.then print first?") },
    { "await-order", "001", "microtasks",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Does await p resume before or after the handlers of p.then().then()?") },
    { "await-order-node10", "001", "microtasks",
        QT_TRANSLATE_NOOP("ScenarioGuide", "How did the three ticks of Node 10's await change that order?") },
    { "nexttick-starvation", "000 002", "yielding",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Can a 1 ms timer run while nextTick callbacks keep queuing themselves?") },
    { "nexttick-starvation-immediate", "000 002", "yielding",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Does a setImmediate that queues itself let the 1 ms timer in?") },
    { "timeout-zero", "000", "yielding",
        QT_TRANSLATE_NOOP(
            "ScenarioGuide", "Why does a chain of setTimeout(0) sleep where a chain of setImmediate does not?") },
    { "compute-timeout", "000", "yielding",
        QT_TRANSLATE_NOOP(
            "ScenarioGuide", "Does yielding with setTimeout(0) keep /health answered, and at what cost?") },
    { "compute-immediate", "000", "yielding",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Does yielding with setImmediate keep /health answered at full speed?") },
    { "counting", "003", "yielding",
        QT_TRANSLATE_NOOP(
            "ScenarioGuide", "Which count is fastest: while, nextTick, setTimeout(0) or batched nextTick?") },
    { "compute-sync", "000", "blocking",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Does /health answer while a request hashes in one go?") },
    { "compute-async", "000", "blocking",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Does awaiting between the steps let /health in?") },
    { "async-not-thread", "004", "blocking",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Does an async function run its body on another thread?") },
    { "json-parse", "002", "blocking",
        QT_TRANSLATE_NOOP("ScenarioGuide", "How long does JSON.parse of a large payload hold the loop?") },
    { "pbkdf2-sync", "002", "blocking",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Does pbkdf2Sync in a request handler hold the loop as JSON.parse does?") },
    { "redos", "002", "blocking",
        QT_TRANSLATE_NOOP("ScenarioGuide", "How fast does a vulnerable regex's time grow with its input?") },
    { "price-report-inline", "002", "blocking",
        QT_TRANSLATE_NOOP("ScenarioGuide", "How long does /health wait while a report runs inline?") },
    { "price-report-chunked", "002", "blocking",
        QT_TRANSLATE_NOOP("ScenarioGuide", "How long does /health wait while the report runs in chunks?") },
    { "price-report-worker", "002 004", "pool",
        QT_TRANSLATE_NOOP("ScenarioGuide", "How long does /health wait while the report runs in a worker?") },
    { "pool-saturation", "002 004", "pool",
        QT_TRANSLATE_NOOP("ScenarioGuide", "With the thread pool full, which waits: fs, dns or HTTP?") },
    { "pbkdf2-waves", "004", "pool",
        QT_TRANSLATE_NOOP("ScenarioGuide", "Six pbkdf2 calls on a pool of four threads: when does each finish?") },
};

ScenarioGuide::Place placeFrom(const PlaceText& text)
{
    return { QString::fromLatin1(text.scenario),
        QString::fromLatin1(text.articles).split(QLatin1Char(' '), Qt::SkipEmptyParts), QString::fromLatin1(text.topic),
        ScenarioGuide::tr(text.question) };
}

} // namespace

QList<ScenarioGuide::Article> ScenarioGuide::articles()
{
    QList<Article> result;
    for (const ArticleText& text : Articles)
        result.append({ QString::fromLatin1(text.id), tr(text.title), tr(text.origin) });
    return result;
}

QList<ScenarioGuide::Topic> ScenarioGuide::topics()
{
    QList<Topic> result;
    for (const TopicText& text : Topics)
        result.append({ QString::fromLatin1(text.id), tr(text.title) });
    return result;
}

QList<ScenarioGuide::Place> ScenarioGuide::places()
{
    QList<Place> result;
    result.reserve(qsizetype(std::size(Places)));
    for (const PlaceText& text : Places)
        result.append(placeFrom(text));
    return result;
}

std::optional<ScenarioGuide::Place> ScenarioGuide::placeOf(const QString& scenario)
{
    for (const PlaceText& text : Places) {
        if (scenario == QLatin1String(text.scenario))
            return placeFrom(text);
    }
    return std::nullopt;
}

std::optional<ScenarioGuide::Article> ScenarioGuide::article(const QString& id)
{
    for (const Article& candidate : articles()) {
        if (candidate.id == id)
            return candidate;
    }
    return std::nullopt;
}
