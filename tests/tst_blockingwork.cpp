// The real work behind the blocking ops: the backtracking matcher, the JSON parse that builds every
// value, and the calibration that says how many passes of it cost what Node's op costs.
#include "runtime/backtrackingregex.h"
#include "runtime/blockingcalibration.h"
#include "runtime/jsonheapparser.h"

#include <QTest>

using namespace loopscope;

class TestBlockingWork : public QObject
{
    Q_OBJECT

private slots:
    void regexAgreesWithEcmaScript_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("input");
        QTest::addColumn<bool>("matches");
        QTest::newRow("vulnerable, a coupon") << "^([A-Z0-9]+-?)+$"
                                              << "BOOK-2026-X" << true;
        QTest::newRow("vulnerable, a bad last character") << "^([A-Z0-9]+-?)+$"
                                                          << "BOOKSTORE2026!" << false;
        QTest::newRow("vulnerable, empty") << "^([A-Z0-9]+-?)+$"
                                           << "" << false;
        QTest::newRow("safe, a coupon") << "^[A-Z0-9]+(-[A-Z0-9]+)*$"
                                        << "BOOK-2026-X" << true;
        QTest::newRow("safe, a trailing dash") << "^[A-Z0-9]+(-[A-Z0-9]+)*$"
                                               << "BOOK-" << false;
        QTest::newRow("unanchored, found inside") << "b+c"
                                                  << "aabbbcd" << true;
        QTest::newRow("alternation") << "^(?:cat|dog)s?$"
                                     << "dogs" << true;
        QTest::newRow("alternation, neither") << "^(?:cat|dog)s?$"
                                              << "cow" << false;
        QTest::newRow("escapes") << "^\\d+\\.\\d*$"
                                 << "12.5" << true;
        QTest::newRow("negated class and dot") << "^[^x]a.$"
                                               << "yab" << true;
        QTest::newRow("greedy star gives back") << "^a*ab$"
                                                << "aaab" << true;
    }

    void regexAgreesWithEcmaScript()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, input);
        QFETCH(bool, matches);
        BacktrackingRegex regex(pattern.toStdString());
        QVERIFY(regex.valid());
        QCOMPARE(regex.test(input.toStdString()), matches);
    }

    void regexRefusesWhatItCannotRunFaithfully()
    {
        for (const char* pattern : { "(a*)*", "a{2}", "a+?", "(?=a)", "[b-a]", "(a", "\\b" })
            QVERIFY2(!BacktrackingRegex(pattern).valid(), pattern);
    }

    // The redos lesson: each extra character of the failing coupon doubles the backtracking.
    void nestedQuantifierDoublesPerCharacter()
    {
        BacktrackingRegex vulnerable("^([A-Z0-9]+-?)+$");
        BacktrackingRegex safe("^[A-Z0-9]+(-[A-Z0-9]+)*$");
        const std::string letters = "BOOKSTORE2026BOOKSTORE2026BOOK";
        std::uint64_t previous = 0;
        for (std::size_t length = 12; length <= 20; length += 2) {
            const std::string input = letters.substr(0, length - 1) + "!";
            QVERIFY(!vulnerable.test(input));
            if (previous)
                QVERIFY2(vulnerable.steps() > 3.5 * double(previous) && vulnerable.steps() < 4.5 * double(previous),
                    qPrintable(QStringLiteral("%1 then %2").arg(previous).arg(vulnerable.steps())));
            previous = vulnerable.steps();
            QVERIFY(!safe.test(input));
            QVERIFY(safe.steps() < 100);
        }
    }

    void stepBudgetStopsPartWay()
    {
        BacktrackingRegex vulnerable("^([A-Z0-9]+-?)+$");
        const std::string input = "BOOKSTORE2026BO!";
        vulnerable.test(input);
        const std::uint64_t whole = vulnerable.steps();
        vulnerable.test(input, whole / 3);
        QCOMPARE(vulnerable.steps(), whole / 3);
    }

    void jsonParseBuildsEveryValue()
    {
        JsonHeapParser parser;
        QVERIFY(
            parser.parse(R"([{"id":1,"isbn":"9780441172719","price":349.9,"status":"Paid"},)"
                         R"({"id":2,"isbn":"9780441172720","price":12,"status":"Paid"}, [true, false, null], "x"])"));
        // 2 objects of 4 members, the inner array and its 3 literals, the string, the outer array.
        QCOMPARE(parser.values(), std::size_t(2 * 5 + 4 + 1 + 1));
        QVERIFY(parser.heapBytes() > 0);
    }

    void jsonParseSaysWhyNot()
    {
        JsonHeapParser parser;
        QVERIFY(!parser.parse("[1, 2,]"));
        QVERIFY2(parser.error().find("line 1") != std::string::npos, parser.error().c_str());
        QVERIFY(!parser.parse("{\"a\": 1} x"));
    }

    void jsonBudgetParsesAPrefix()
    {
        std::string payload = "[";
        for (int i = 0; i < 1000; ++i)
            payload += std::string(i ? "," : "") + "{\"orderId\":" + std::to_string(i) + ",\"status\":\"Paid\"}";
        payload += "]";
        JsonHeapParser whole;
        QVERIFY(whole.parse(payload));
        JsonHeapParser half;
        QVERIFY(half.parse(payload, payload.size() / 2));
        QVERIFY(half.values() > whole.values() / 2 - 10 && half.values() < whole.values() / 2 + 10);
    }

    void calibrationRoundTrips()
    {
        BlockingCalibration calibration;
        calibration.jsonParse = 2.5;
        calibration.regex = 1.25;
        calibration.regexFirst = 8.5;
        calibration.hash = 3;
        calibration.pbkdf2 = 1;
        calibration.measured = "2026-01-01, a \"test\" machine";
        const auto read = BlockingCalibration::fromJson(calibration.toJson());
        QVERIFY(read);
        QCOMPARE(read->jsonParse, 2.5);
        QCOMPARE(read->regex, 1.25);
        QCOMPARE(read->regexFirst, 8.5);
        QCOMPARE(read->hash, 3.0);
        QCOMPARE(read->measured, calibration.measured);
    }

    void calibrationRefusesLessThanTheWork()
    {
        std::string error;
        QVERIFY(!BlockingCalibration::fromJson(
            R"({"format":"loopscope-blocking-costs","passes":{"jsonParse":0.5}})", &error));
        QVERIFY2(error.find("jsonParse") != std::string::npos, error.c_str());
        QVERIFY(!BlockingCalibration::fromJson(R"({"format":"other","passes":{}})"));
        // The stored calibration is a valid file: it is read at every start.
        QVERIFY(BlockingCalibration::stored().jsonParse >= 1);
    }
};

QTEST_GUILESS_MAIN(TestBlockingWork)
#include "tst_blockingwork.moc"
