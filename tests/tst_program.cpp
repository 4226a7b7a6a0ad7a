#include "formats/jsonvalue.h"
#include "program/program.h"
#include "requirenode.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <string>

using loopscope::AwaitKind;
using loopscope::AwaitModel;
using loopscope::ChainVia;
using loopscope::Digest;
using loopscope::ModuleKind;
using loopscope::OpKind;
using loopscope::Program;
using loopscope::ProgramError;

namespace {

using Overrides = std::vector<std::pair<std::string, std::string>>;

// A program of `count` empty nextTick ops, 26 bytes each.
std::string ticks(int count)
{
    std::string text = R"({"format":"loopscope-program","version":1,"name":"t","main":[)";
    for (int i = 0; i < count; ++i)
        text += std::string(i == 0 ? "" : ",") + R"({"op":"nextTick","do":[]})";
    return text + "]}";
}

// What an error about a huge key or value may take: one line a terminal shows whole.
constexpr std::size_t MaxErrorLineBytes = 300;

// A program whose "main" array is the text on line 2, so columns there are offsets into `ops`.
QByteArray withMain(const QByteArray& ops)
{
    return "{\"format\": \"loopscope-program\", \"version\": 1, \"name\": \"t\", \"main\":\n" + ops + "\n}";
}

// A program with the given top-level fields before "main".
QByteArray withFields(const QByteArray& fields, const QByteArray& ops)
{
    return "{\"format\": \"loopscope-program\", \"version\": 1, \"name\": \"t\", " + fields + ", \"main\": " + ops
        + "}";
}

Overrides toOverrides(const QStringList& pairs)
{
    Overrides overrides;
    for (const QString& pair : pairs) {
        const qsizetype equals = pair.indexOf('=');
        overrides.emplace_back(pair.left(equals).toStdString(), pair.mid(equals + 1).toStdString());
    }
    return overrides;
}

Program parseGood(const QByteArray& text, const Overrides& overrides = {})
{
    auto result = loopscope::parseProgram(std::string_view(text.constData(), size_t(text.size())), "t.json", overrides);
    if (const auto* error = std::get_if<ProgramError>(&result))
        qFatal("unexpected error: %s", error->toString().c_str());
    return std::get<Program>(std::move(result));
}

} // namespace

class TestProgram : public QObject
{
    Q_OBJECT

private slots:
    void rejectsBadPrograms_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");

        const QStringList none;
        // JSON syntax: no path, the position of the offending character.
        QTest::newRow("empty") << QByteArray() << none << 1 << 1 << ""
                               << "unexpected end of input";
        QTest::newRow("truncated") << QByteArray(R"({"format": "loopscope-program", "version": 1,)") << none << 1 << 46
                                   << ""
                                   << "unexpected end of input";
        QTest::newRow("truncated string") << QByteArray("{\"format\": \"loopsc") << none << 1 << 19 << ""
                                          << "unexpected end of input";
        QTest::newRow("missing colon") << QByteArray(R"({"a" 1})") << none << 1 << 6 << ""
                                       << "expected ':', found '1'";
        QTest::newRow("missing comma in object") << QByteArray(R"({"a": 1 "b": 2})") << none << 1 << 9 << ""
                                                 << "expected ',' or '}', found '\"'";
        QTest::newRow("missing comma in array") << QByteArray(R"([1 2])") << none << 1 << 4 << ""
                                                << "expected ',' or ']', found '2'";
        QTest::newRow("trailing comma") << QByteArray(R"({"a": 1,})") << none << 1 << 9 << ""
                                        << "expected a string key, found '}'";
        QTest::newRow("invalid escape") << QByteArray("{\"a\": \"\\x\"}") << none << 1 << 8 << ""
                                        << "invalid escape '\\x'";
        QTest::newRow("bad unicode escape") << QByteArray("{\"a\": \"\\u12G4\"}") << none << 1 << 12 << ""
                                            << "invalid \\u escape; expected 4 hex digits";
        QTest::newRow("lone high surrogate") << QByteArray("{\"a\": \"x\\ud800y\"}") << none << 1 << 9 << ""
                                             << "unpaired surrogate in \\u escape";
        QTest::newRow("lone low surrogate") << QByteArray("{\"a\": \"\\udc00\"}") << none << 1 << 8 << ""
                                            << "unpaired surrogate in \\u escape";
        QTest::newRow("duplicate key") << QByteArray(R"({"a": 1, "a": 2})") << none << 1 << 10 << ""
                                       << "duplicate key 'a'";
        QTest::newRow("duplicate key counts code points") << QByteArray(R"({"é": 1, "é": 2})") << none << 1 << 10 << ""
                                                          << "duplicate key 'é'";
        QTest::newRow("leading zero") << QByteArray(R"({"a": 01})") << none << 1 << 8 << ""
                                      << "expected ',' or '}', found '1'";
        QTest::newRow("lone minus") << QByteArray(R"({"a": -})") << none << 1 << 8 << ""
                                    << "invalid number; expected a digit";
        QTest::newRow("bare fraction") << QByteArray(R"({"a": 1.})") << none << 1 << 9 << ""
                                       << "invalid number; expected a digit after '.'";
        QTest::newRow("bad literal") << QByteArray(R"({"a": tru})") << none << 1 << 10 << ""
                                     << "invalid literal; expected 'true'";
        QTest::newRow("single quotes") << QByteArray(R"({'a': 1})") << none << 1 << 2 << ""
                                       << "expected a string key, found byte 0x27";
        QTest::newRow("content after the document") << QByteArray("{} x") << none << 1 << 4 << ""
                                                    << "unexpected 'x' after the document";
        QTest::newRow("control character") << QByteArray("{\"a\": \"x\ty\"}") << none << 1 << 9 << ""
                                           << "control character in string; write it as an escape";
        QTest::newRow("invalid UTF-8") << QByteArray("{\"a\": \"\xff\"}") << none << 1 << 8 << ""
                                       << "invalid UTF-8 in string";
        QTest::newRow("overlong UTF-8") << QByteArray("{\"a\": \"\xc0\xaf\"}") << none << 1 << 8 << ""
                                        << "invalid UTF-8 in string";
        QTest::newRow("error on a later CRLF line")
            << QByteArray("{\r\n  \"a\": 1,\r\n  \"b\" 2\r\n}") << none << 3 << 7 << ""
            << "expected ':', found '2'";
        QTest::newRow("nesting 10000 arrays") << QByteArray(10000, '[') << none << 1 << 201 << ""
                                              << "nesting deeper than 200 levels";
        QTest::newRow("nesting 10000 objects") << QByteArray(R"({"a":)").repeated(10000) << none << 1 << 1001 << ""
                                               << "nesting deeper than 200 levels";
        QTest::newRow("nesting 200 is allowed")
            << (QByteArray(200, '[') + QByteArray(200, ']')) << none << 1 << 1 << "$"
            << "expected an object, got an array";

        // The top level.
        QTest::newRow("not an object") << QByteArray("[]") << none << 1 << 1 << "$"
                                       << "expected an object, got an array";
        QTest::newRow("missing format") << QByteArray(R"({"version": 1})") << none << 1 << 1 << "$"
                                        << "missing field 'format'";
        QTest::newRow("wrong format") << QByteArray(R"({"format": "x"})") << none << 1 << 12 << "$.format"
                                      << "expected \"loopscope-program\"";
        QTest::newRow("wrong version") << QByteArray(R"({"format": "loopscope-program", "version": 3})") << none << 1
                                       << 44 << "$.version"
                                       << "unsupported version; this LoopScope reads versions 1 and 2";
        QTest::newRow("missing name") << QByteArray(R"({"format": "loopscope-program", "version": 1})") << none << 1
                                      << 1 << "$"
                                      << "missing field 'name'";
        QTest::newRow("empty name") << QByteArray(R"({"format": "loopscope-program", "version": 1, "name": ""})")
                                    << none << 1 << 55 << "$.name"
                                    << "name must not be empty";
        QTest::newRow("unknown top-level field")
            << withFields(R"("colour": "red")", "[]") << none << 1 << 60 << "$.colour"
            << "unknown field 'colour'";
        QTest::newRow("odd field name in the path")
            << withFields(R"("a b": 1)", "[]") << none << 1 << 60 << "$[\"a b\"]"
            << "unknown field 'a b'";
        QTest::newRow("title not a string") << withFields(R"("title": 5)", "[]") << none << 1 << 69 << "$.title"
                                            << "expected a string, got a number";
        QTest::newRow("bad module") << withFields(R"("module": "amd")", "[]") << none << 1 << 70 << "$.module"
                                    << "expected \"cjs\" or \"esm\"";
        QTest::newRow("bad awaitModel") << withFields(R"("awaitModel": "node8")", "[]") << none << 1 << 74
                                        << "$.awaitModel"
                                        << "expected \"node12\" or \"node10\"";
        QTest::newRow("missing main") << QByteArray(R"({"format": "loopscope-program", "version": 1, "name": "t"})")
                                      << none << 1 << 1 << "$"
                                      << "missing field 'main'";
        QTest::newRow("main not an array") << withMain("{}") << none << 2 << 1 << "$.main"
                                           << "expected an array, got an object";

        // Parameters.
        QTest::newRow("param default out of range")
            << withFields(R"("params": {"n": {"default": 9, "min": 0, "max": 5}})", "[]") << none << 1 << 88
            << "$.params.n.default"
            << "default 9 is out of range 0..5";
        QTest::newRow("param max below min")
            << withFields(R"("params": {"n": {"default": 0, "min": 3, "max": 2}})", "[]") << none << 1 << 108
            << "$.params.n.max"
            << "max 2 is less than min 3";
        QTest::newRow("param missing min")
            << withFields(R"("params": {"n": {"default": 0, "max": 2}})", "[]") << none << 1 << 76 << "$.params.n"
            << "missing field 'min'";
        QTest::newRow("param not integer")
            << withFields(R"("params": {"n": {"default": 0.5, "min": 0, "max": 2}})", "[]") << none << 1 << 88
            << "$.params.n.default"
            << "expected an integer, got 0.5";
        QTest::newRow("param unknown field")
            << withFields(R"("params": {"n": {"default": 0, "min": 0, "max": 2, "step": 1}})", "[]") << none << 1 << 111
            << "$.params.n.step"
            << "unknown field 'step' in parameter 'n'";
        QTest::newRow("param bad name")
            << withFields(R"("params": {"1x": {"default": 0, "min": 0, "max": 2}})", "[]") << none << 1 << 71
            << "$.params[\"1x\"]"
            << "invalid parameter name '1x'; use letters, digits, '_' and '-', not starting with a digit or '-'";

        // Ops: unknown, misspelt, mistyped, out of range.
        QTest::newRow("unknown op") << withMain(R"([{"op": "sleep"}])") << none << 2 << 9 << "$.main[0].op"
                                    << "unknown op 'sleep'";
        QTest::newRow("op not an object") << withMain("[5]") << none << 2 << 2 << "$.main[0]"
                                          << "expected an op object, got a number";
        QTest::newRow("missing op") << withMain(R"([{"text": "a"}])") << none << 2 << 2 << "$.main[0]"
                                    << "missing field 'op'";
        QTest::newRow("op not a string") << withMain(R"([{"op": 1}])") << none << 2 << 9 << "$.main[0].op"
                                         << "expected a string, got a number";
        QTest::newRow("unknown field") << withMain(R"([{"op": "log", "text": "a", "colour": 1}])") << none << 2 << 29
                                       << "$.main[0].colour"
                                       << "unknown field 'colour' for op 'log'";
        QTest::newRow("field of another op")
            << withMain(R"([{"op": "nextTick", "ms": 1}])") << none << 2 << 21 << "$.main[0].ms"
            << "unknown field 'ms' for op 'nextTick'";
        QTest::newRow("missing field") << withMain(R"([{"op": "log"}])") << none << 2 << 2 << "$.main[0]"
                                       << "missing field 'text'";
        QTest::newRow("wrong type") << withMain(R"([{"op": "log", "text": 5}])") << none << 2 << 24 << "$.main[0].text"
                                    << "expected a string, got a number";
        QTest::newRow("do not an array") << withMain(R"([{"op": "nextTick", "do": {}}])") << none << 2 << 27
                                         << "$.main[0].do"
                                         << "expected an array, got an object";
        QTest::newRow("empty label") << withMain(R"([{"op": "log", "text": "", "label": ""}])") << none << 2 << 37
                                     << "$.main[0].label"
                                     << "label must not be empty";
        QTest::newRow("fractional integer")
            << withMain(R"([{"op": "repeat", "times": 3.5}])") << none << 2 << 28 << "$.main[0].times"
            << "expected an integer, got 3.5";
        QTest::newRow("integer as string")
            << withMain(R"([{"op": "repeat", "times": "3"}])") << none << 2 << 28 << "$.main[0].times"
            << "expected an integer or a \"$parameter\", got a string";
        QTest::newRow("repeat zero times")
            << withMain(R"([{"op": "repeat", "times": 0}])") << none << 2 << 28 << "$.main[0].times"
            << "value 0 is out of range 1..2147483647";
        QTest::newRow("log steps zero") << withMain(R"([{"op": "log", "text": "x", "steps": 0}])") << none << 2 << 38
                                        << "$.main[0].steps"
                                        << "value 0 is out of range 1..2147483647";
        QTest::newRow("log steps an empty list")
            << withMain(R"([{"op": "log", "text": "x", "steps": []}])") << none << 2 << 38 << "$.main[0].steps"
            << "steps must list at least one count";
        QTest::newRow("log steps a zero factor")
            << withMain(R"([{"op": "log", "text": "x", "steps": [1, 0]}])") << none << 2 << 42 << "$.main[0].steps[1]"
            << "value 0 is out of range 1..2147483647";
        QTest::newRow("log steps beyond a count")
            << withMain(R"([{"op": "log", "text": "x", "steps": [2147483647, 3]}])") << none << 2 << 38
            << "$.main[0].steps"
            << "steps must be at most 4294967295, got 6442450941";
        QTest::newRow("integer beyond int64")
            << withMain(R"([{"op": "repeat", "times": 99999999999999999999}])") << none << 2 << 28 << "$.main[0].times"
            << "value 1e+20 is out of range 1..2147483647";
        QTest::newRow("interval too many times")
            << withMain(R"([{"op": "setInterval", "ms": 1, "times": 1000001}])") << none << 2 << 42 << "$.main[0].times"
            << "value 1000001 is out of range 1..1000000";
        QTest::newRow("timeout without ms") << withMain(R"([{"op": "setTimeout"}])") << none << 2 << 2 << "$.main[0]"
                                            << "missing field 'ms'";
        QTest::newRow("nested path") << withMain(R"([{"op": "nextTick", "do": [{"op": "block", "ms": 1}, )"
                                                 R"({"op": "setTimeout", "ms": "x"}]}])")
                                     << none << 2 << 81 << "$.main[0].do[1].ms"
                                     << "expected a number or a \"$parameter\", got a string";
        QTest::newRow("ms as boolean") << withMain(R"([{"op": "setTimeout", "ms": true}])") << none << 2 << 29
                                       << "$.main[0].ms"
                                       << "expected a number, got a boolean";
        QTest::newRow("block with both") << withMain(R"([{"op": "block", "ms": 1, "iterations": 1}])") << none << 2 << 2
                                         << "$.main[0]"
                                         << "'block' needs exactly one of 'ms' and 'iterations'";
        QTest::newRow("block with neither") << withMain(R"([{"op": "block"}])") << none << 2 << 2 << "$.main[0]"
                                            << "'block' needs exactly one of 'ms' and 'iterations'";
        QTest::newRow("block too long") << withMain(R"([{"op": "block", "ms": 86400001}])") << none << 2 << 24
                                        << "$.main[0].ms"
                                        << "value 86400001 is out of range 0..86400000";
        QTest::newRow("pbkdf2 too many iterations")
            << withMain(R"([{"op": "pbkdf2", "iterations": 2147483648}])") << none << 2 << 33 << "$.main[0].iterations"
            << "value 2147483648 is out of range 1..2147483647";
        QTest::newRow("pbkdf2 bad digest") << withMain(R"([{"op": "pbkdf2", "iterations": 1, "digest": "md5"}])")
                                           << none << 2 << 46 << "$.main[0].digest"
                                           << "expected \"sha256\" or \"sha512\"";
        QTest::newRow("pbkdf2Sync bad digest")
            << withMain(R"([{"op": "pbkdf2Sync", "iterations": 1, "digest": "md5"}])") << none << 2 << 50
            << "$.main[0].digest"
            << "expected \"sha256\" or \"sha512\"";
        QTest::newRow("pbkdf2Sync without iterations")
            << withMain(R"([{"op": "pbkdf2Sync"}])") << none << 2 << 2 << "$.main[0]"
            << "missing field 'iterations'";
        QTest::newRow("http path without slash")
            << withMain(R"([{"op": "httpGet", "path": "health"}])") << none << 2 << 28 << "$.main[0].path"
            << "path must start with '/'";
        QTest::newRow("http path too long")
            << withMain("[{\"op\": \"httpGet\", \"path\": \"/" + QByteArray(1024, 'a') + "\"}]") << none << 2 << 28
            << "$.main[0].path"
            << "path must be at most 1024 characters";
        QTest::newRow("http path with a space")
            << withMain(R"([{"op": "httpGet", "path": "/a b"}])") << none << 2 << 28 << "$.main[0].path"
            << "path must be printable ASCII characters without spaces";
        QTest::newRow("empty host") << withMain(R"([{"op": "dnsLookup", "host": ""}])") << none << 2 << 30
                                    << "$.main[0].host"
                                    << "host must be 1 to 253 printable ASCII characters without spaces";
        QTest::newRow("empty promise chain")
            << withMain(R"([{"op": "promise", "chain": []}])") << none << 2 << 29 << "$.main[0].chain"
            << "a promise chain needs at least one body";
        QTest::newRow("promise chain of non-bodies")
            << withMain(R"([{"op": "promise", "chain": [5]}])") << none << 2 << 30 << "$.main[0].chain[0]"
            << "expected an array, got a number";
        QTest::newRow("chain bad via") << withMain(R"([{"op": "chain", "via": "later", "times": 2}])") << none << 2
                                       << 25 << "$.main[0].via"
                                       << "expected \"nextTick\", \"queueMicrotask\", \"promise\", \"setTimeout\" or "
                                          "\"setImmediate\"";
        QTest::newRow("chain ms without setTimeout")
            << withMain(R"([{"op": "chain", "via": "nextTick", "times": 2, "ms": 1}])") << none << 2 << 55
            << "$.main[0].ms"
            << "'ms' is only allowed with via \"setTimeout\"";
        QTest::newRow("chain without times")
            << withMain(R"([{"op": "chain", "via": "nextTick"}])") << none << 2 << 2 << "$.main[0]"
            << "missing field 'times'";

        // Where await may stand.
        const QString misplaced = "'await' is only allowed in an async body (a callback inside one is not async)";
        QTest::newRow("await in main") << withMain(R"([{"op": "await"}])") << none << 2 << 2 << "$.main[0]"
                                       << misplaced;
        QTest::newRow("await in a timer inside async")
            << withMain(R"([{"op": "async", "do": [{"op": "setTimeout", "ms": 0, "do": [{"op": "await"}]}]}])") << none
            << 2 << 62 << "$.main[0].do[0].do[0]" << misplaced;
        QTest::newRow("await in a promise chain inside async")
            << withMain(R"([{"op": "async", "do": [{"op": "promise", "chain": [[{"op": "await"}]]}]}])") << none << 2
            << 54 << "$.main[0].do[0].chain[0][0]" << misplaced;
        QTest::newRow("await in a repeat outside async")
            << withMain(R"([{"op": "repeat", "times": 2, "do": [{"op": "await"}]}])") << none << 2 << 38
            << "$.main[0].do[0]" << misplaced;
        QTest::newRow("await in a chain's done inside async")
            << withMain(R"([{"op": "async", "do": [{"op": "chain", "via": "promise", "times": 1, )"
                        R"("done": [{"op": "await"}]}]}])")
            << none << 2 << 80 << "$.main[0].do[0].done[0]" << misplaced;
        QTest::newRow("await with two choices")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "sleep": 1, "immediate": true}]}])") << none << 2
            << 25 << "$.main[0].do[0]"
            << "'await' takes at most one of 'sleep', 'immediate' and 'promise'";
        QTest::newRow("await negative sleep") << withMain(R"([{"op": "async", "do": [{"op": "await", "sleep": -1}]}])")
                                              << none << 2 << 50 << "$.main[0].do[0].sleep"
                                              << "sleep must be at least 0 ms, got -1";
        QTest::newRow("await immediate not a boolean")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "immediate": 1}]}])") << none << 2 << 54
            << "$.main[0].do[0].immediate"
            << "expected a boolean, got a number";

        // Parameters referenced by fields, and --set.
        const QByteArray withParam = "{\"format\": \"loopscope-program\", \"version\": 1, \"name\": \"t\",\n"
                                     " \"params\": {\"n\": {\"default\": 1, \"min\": 0, \"max\": 5}},\n"
                                     " \"main\": [{\"op\": \"repeat\", \"times\": \"$n\"}]}";
        QTest::newRow("undeclared parameter")
            << withMain(R"([{"op": "repeat", "times": "$n"}])") << none << 2 << 28 << "$.main[0].times"
            << "no parameter named 'n'";
        QTest::newRow("parameter out of the field's range")
            << withParam << QStringList { "n=0" } << 3 << 37 << "$.main[0].times"
            << "value 0 of parameter 'n' is out of range 1..2147483647";
        QTest::newRow("set unknown parameter") << withParam << QStringList { "x=1" } << 0 << 0 << ""
                                               << "no parameter named 'x'";
        QTest::newRow("set not an integer") << withParam << QStringList { "n=abc" } << 0 << 0 << ""
                                            << "'--set n=abc': expected an integer value";
        QTest::newRow("set empty value") << withParam << QStringList { "n=" } << 0 << 0 << ""
                                         << "'--set n=': expected an integer value";
        QTest::newRow("set out of the parameter's range") << withParam << QStringList { "n=6" } << 0 << 0 << ""
                                                          << "'--set n=6': value 6 is out of range 0..5";
        QTest::newRow("set on a program without parameters") << withMain("[]") << QStringList { "n=1" } << 0 << 0 << ""
                                                             << "no parameter named 'n'";
    }

    void rejectsBadPrograms()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, overrides);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, path);
        QFETCH(QString, message);

        const auto result = loopscope::parseProgram(
            std::string_view(text.constData(), size_t(text.size())), "bad.json", toOverrides(overrides));
        QVERIFY(std::holds_alternative<ProgramError>(result));
        const auto& error = std::get<ProgramError>(result);
        QCOMPARE(QString::fromStdString(error.message), message);
        QCOMPARE(int(error.line), line);
        QCOMPARE(int(error.column), column);
        QCOMPARE(QString::fromStdString(error.jsonPath), path);
        QCOMPARE(QString::fromStdString(error.fileName), QStringLiteral("bad.json"));
    }

    void refusesHugeDocuments()
    {
        const std::string text(loopscope::JsonValue::maxSize + 1, ' ');
        const auto result = loopscope::parseProgram(text, "huge.json");
        QVERIFY(std::holds_alternative<ProgramError>(result));
        QCOMPARE(std::get<ProgramError>(result).toString(), std::string("huge.json: document is larger than 64 MiB"));
    }

    // Reading counts against a memory budget: what the ops take is known once the text is checked, and a
    // program over the budget is refused then, before one op is read.
    void refusesProgramsOverTheMemoryBudget()
    {
        const std::string text = ticks(100000);
        loopscope::ProgramReading reading;
        reading.memoryBudgetBytes = std::size_t(4) << 20;
        const auto refused = loopscope::parseProgram(text, "ticks.json", {}, reading);
        QVERIFY(std::holds_alternative<ProgramError>(refused));
        const std::string message = std::get<ProgramError>(refused).toString();
        const std::string head = "ticks.json: reading this program takes about ";
        const std::string tail = " MB, more than the memory budget of 4 MB (--memory-budget)";
        QVERIFY2(message.rfind(head, 0) == 0 && message.find(tail) != std::string::npos, message.c_str());
        // The figure holds at least the text and an Op for each op.
        const std::uint64_t mb = std::stoull(message.substr(head.size()));
        QVERIFY2((mb << 20) >= text.size() + 100000 * sizeof(loopscope::Op), message.c_str());
        QVERIFY2(mb <= 3 * text.size() / 1000000 + 12, message.c_str());

        reading.memoryBudgetBytes = std::size_t(mb) << 20;
        const auto read = loopscope::parseProgram(text, "ticks.json", {}, reading);
        QVERIFY(std::holds_alternative<Program>(read));
        QCOMPARE(std::get<Program>(read).main.size(), size_t(100000));
    }

    void cancelledReadingStops_data()
    {
        QTest::addColumn<bool>("whileReadingOps");
        QTest::addRow("while checking the text") << false;
        QTest::addRow("while reading the ops") << true;
    }
    void cancelledReadingStops()
    {
        QFETCH(bool, whileReadingOps);
        const std::string text = ticks(100000);
        int reportsAfterCancel = 0;
        bool cancelled = false;
        std::uint64_t lastTotal = 0;
        loopscope::ProgramReading reading;
        reading.progress = [&](std::uint64_t done, std::uint64_t total) {
            lastTotal = total;
            reportsAfterCancel += cancelled;
            cancelled = cancelled || !whileReadingOps || done > text.size();
            return !cancelled;
        };
        const auto result = loopscope::parseProgram(text, "ticks.json", {}, reading);
        QVERIFY(cancelled);
        QCOMPARE(reportsAfterCancel, 0);
        QCOMPARE(lastTotal, std::uint64_t(2 * text.size()));
        QVERIFY(std::holds_alternative<ProgramError>(result));
        const std::string message = std::get<ProgramError>(result).toString();
        QVERIFY2(message.size() > 9 && message.compare(message.size() - 9, 9, "cancelled") == 0, message.c_str());
    }

    void reportsProgressToTheEnd()
    {
        const std::string text = ticks(100000);
        int reports = 0;
        std::uint64_t lastDone = 0;
        bool ordered = true;
        loopscope::ProgramReading reading;
        reading.progress = [&](std::uint64_t done, std::uint64_t) {
            ordered = ordered && done >= lastDone;
            lastDone = done;
            ++reports;
            return true;
        };
        QVERIFY(std::holds_alternative<Program>(loopscope::parseProgram(text, "ticks.json", {}, reading)));
        QVERIFY(ordered);
        QVERIFY2(reports >= 4, std::to_string(reports).c_str());
        QCOMPARE(lastDone, std::uint64_t(2 * text.size()));
    }

    void formatsErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QString>("expected");

        QTest::newRow("with a path") << withMain(R"([{"op": "repeat", "times": 0}])") << QStringList()
                                     << "p.json:2:28: $.main[0].times: value 0 is out of range 1..2147483647";
        QTest::newRow("syntax, no path") << QByteArray("{") << QStringList() << "p.json:1:2: unexpected end of input";
        QTest::newRow("not in the text") << withMain("[]") << QStringList { "k=1" } << "p.json: no parameter named 'k'";
        QTest::newRow("UTF-16 with a byte order mark")
            << QByteArray("\xff\xfe{\0}\0", 6) << QStringList()
            << "p.json: file is UTF-16LE (it starts with the byte order mark FF FE); save it as UTF-8";
        QTest::newRow("UTF-16 big-endian, no byte order mark")
            << QByteArray("\0{\0}", 4) << QStringList()
            << "p.json: file is UTF-16BE (a zero byte before each of its first two characters); save it as UTF-8";
        QTest::newRow("UTF-32 with a byte order mark")
            << QByteArray("\xff\xfe\0\0{\0\0\0}\0\0\0", 12) << QStringList()
            << "p.json: file is UTF-32LE (it starts with the byte order mark FF FE 00 00); save it as UTF-8";
        QTest::newRow("UTF-32 big-endian, no byte order mark")
            << QByteArray("\0\0\0{\0\0\0}", 8) << QStringList()
            << "p.json: file is UTF-32BE (three zero bytes before its first character); save it as UTF-8";
        // One stray zero byte is not an encoding: it is named where it is.
        QTest::newRow("a zero byte at byte 1") << QByteArray("{\0\"format\": \"loopscope-program\"}", 32)
                                               << QStringList() << "p.json:1:2: expected a string key, found byte 0x00";
        QTest::newRow("one line whatever the key holds")
            << withFields("\"a\\nb\": 1", "[]") << QStringList() << "p.json:1:60: $[\"a?b\"]: unknown field 'a?b'";
    }

    void formatsErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, overrides);
        QFETCH(QString, expected);
        const auto result = loopscope::parseProgram(
            std::string_view(text.constData(), size_t(text.size())), "p.json", toOverrides(overrides));
        QVERIFY(std::holds_alternative<ProgramError>(result));
        QCOMPARE(QString::fromStdString(std::get<ProgramError>(result).toString()), expected);
    }

    void boundsErrorLines_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("position");
        const QByteArray megabyte(1 << 20, 'k');
        QTest::newRow("unknown key") << withFields("\"" + megabyte + "\": 1", "[]") << "p.json:1:60: ";
        QTest::newRow("unknown non-ASCII key")
            << withFields("\"" + QByteArray("\xc3\xa9").repeated(1 << 19) + "\": 1", "[]") << "p.json:1:60: ";
        QTest::newRow("unknown op field")
            << withMain("[{\"op\": \"log\", \"" + megabyte + "\": 1}]") << "p.json:2:16: ";
        QTest::newRow("duplicate key") << withFields("\"" + megabyte + "\": 1, \"" + megabyte + "\": 2", "[]")
                                       << QString("p.json:1:%1: ").arg(60 + megabyte.size() + 7);
    }

    void boundsErrorLines()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, position);
        const auto result
            = loopscope::parseProgram(std::string_view(text.constData(), size_t(text.size())), "p.json", {});
        QVERIFY(std::holds_alternative<ProgramError>(result));
        const std::string line = std::get<ProgramError>(result).toString();
        QVERIFY2(line.size() < MaxErrorLineBytes, line.substr(0, 400).c_str());
        QVERIFY2(QString::fromStdString(line).startsWith(position), line.substr(0, 400).c_str());
    }

    // The command line's FILE is a program or a recording, told apart by what the file holds.
    void tellsProgramsFromOtherDocuments_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<bool>("program");
        QTest::newRow("program") << withMain("[]") << true;
        QTest::newRow("format after a long main")
            << "{\"name\": \"t\", \"main\": [" + QByteArray("{\"op\": \"log\", \"text\": \"a\"},").repeated(5000)
                + "{}], \"version\": 1, \"format\": \"loopscope-program\"}"
            << true;
        QTest::newRow("program broken after its format")
            << QByteArray("{\"format\": \"loopscope-program\", \"main\": [{") << true;
        QTest::newRow("escaped format") << QByteArray(
            "{ \"f\\u006frmat\": \"loopscope-pro\\u0067ram\", \"version\": 1 }")
                                        << true;
        QTest::newRow("another format") << QByteArray(R"({"format": "loopscope-trace", "main": []})") << false;
        QTest::newRow("format not a string") << QByteArray(R"({"format": ["loopscope-program"]})") << false;
        QTest::newRow("recording") << QByteArray(R"({"traceEvents": [], "otherData": {"format": "x"}})") << false;
        QTest::newRow("format after traceEvents")
            << QByteArray(R"({"traceEvents": [], "format": "loopscope-program"})") << false;
        QTest::newRow("format nested") << QByteArray(R"({"otherData": {"format": "loopscope-program"}})") << false;
        QTest::newRow("array of events") << QByteArray(R"([{"ph": "i", "format": "loopscope-program"}])") << false;
        QTest::newRow("empty") << QByteArray() << false;
        QTest::newRow("cut before the format") << QByteArray("{\"name\": \"t\", \"main\": [{\"op\": \"lo") << false;
        QTest::newRow("deep nesting before the format")
            << "{\"a\": " + QByteArray(100000, '[') + QByteArray(100000, ']') + ", \"format\": \"loopscope-program\"}"
            << false;
        QTest::newRow("gzip") << QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00", 8) << false;
    }

    void tellsProgramsFromOtherDocuments()
    {
        QFETCH(QByteArray, head);
        QFETCH(bool, program);
        QCOMPARE(loopscope::looksLikeProgram(std::string_view(head.constData(), std::size_t(head.size()))), program);
    }

    void namesGzip()
    {
        const QByteArray gzip("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
        const auto result
            = loopscope::parseProgram(std::string_view(gzip.constData(), std::size_t(gzip.size())), "p.json.gz");
        QVERIFY(std::holds_alternative<ProgramError>(result));
        const std::string line = std::get<ProgramError>(result).toString();
        QVERIFY2(line.rfind("p.json.gz: file is gzip-compressed", 0) == 0, line.c_str());
    }

    void parsesJsonValues()
    {
        const auto result = loopscope::parseJson(
            "\xEF\xBB\xBF{\"s\": \"\\u00e9\\ud83d\\ude00\\n\\\"\\\\\\/\\b\\f\\r\\t\xc3\xa9\", \"big\": "
            "9007199254740993,"
            " \"neg\": -9223372036854775808, \"over\": 9223372036854775808, \"f\": -1.5e2, \"inf\": 1e999,"
            " \"tiny\": 1e-999, \"n\": null, \"b\": false, \"a\": [1, [], {}]}");
        QVERIFY(std::holds_alternative<loopscope::JsonValue>(result));
        const auto& root = std::get<loopscope::JsonValue>(result);
        QCOMPARE(root.line(), 1u);
        QCOMPARE(root.column(), 1u);
        QCOMPARE(root.find("s")->value.string(), std::string("\xc3\xa9\xf0\x9f\x98\x80\n\"\\/\b\f\r\t\xc3\xa9"));
        const auto& big = root.find("big")->value;
        QVERIFY(big.isIntegerLiteral() && big.fitsInt64());
        QCOMPARE(big.intValue(), std::int64_t(9007199254740993));
        QCOMPARE(root.find("neg")->value.intValue(), std::numeric_limits<std::int64_t>::min());
        QVERIFY(root.find("over")->value.isIntegerLiteral());
        QVERIFY(!root.find("over")->value.fitsInt64());
        QCOMPARE(root.find("f")->value.number(), -150.0);
        QVERIFY(!root.find("f")->value.isIntegerLiteral());
        QVERIFY(std::isinf(root.find("inf")->value.number()));
        QCOMPARE(root.find("tiny")->value.number(), 0.0);
        QVERIFY(root.find("n")->value.isNull());
        QVERIFY(root.find("b")->value.isBool() && !root.find("b")->value.boolValue());
        QCOMPARE(root.find("a")->value.array().size(), size_t(3));
        QCOMPARE(root.find("a")->value.array()[2].column(), 208u);
    }

    void findsDuplicatesInLargeObjects()
    {
        std::string text = "{";
        for (int i = 0; i < 100; ++i)
            text += "\"k" + std::to_string(i) + "\": 0, ";
        text += "\"k42\": 1}";
        const auto result = loopscope::parseJson(text);
        QVERIFY(std::holds_alternative<loopscope::JsonError>(result));
        QCOMPARE(std::get<loopscope::JsonError>(result).message, std::string("duplicate key 'k42'"));
        QCOMPARE(std::get<loopscope::JsonError>(result).column, std::uint32_t(text.size() - 9 + 1));
    }

    void parsesTheSpecExample()
    {
        const Program program = parseGood(R"({
  "format": "loopscope-program", "version": 1,
  "name": "guess-order", "title": "Guess the order inside an I/O callback",
  "module": "cjs",
  "params": { "iterations": { "default": 1000, "min": 1, "max": 10000000 } },
  "main": [
    { "op": "readFile", "do": [
      { "op": "setTimeout", "ms": 0, "do": [ { "op": "log", "text": "setTimeout 0" } ] },
      { "op": "setImmediate", "do": [ { "op": "log", "text": "setImmediate" } ] },
      { "op": "promise", "chain": [ [ { "op": "log", "text": "promise.then" } ] ] },
      { "op": "nextTick", "do": [ { "op": "log", "text": "process.nextTick" } ] },
      { "op": "log", "text": "readFile callback" }
    ] }
  ]
})");
        QCOMPARE(program.fileName, std::string("t.json"));
        QCOMPARE(program.name, std::string("guess-order"));
        QCOMPARE(program.title, std::string("Guess the order inside an I/O callback"));
        QVERIFY(program.module == ModuleKind::Cjs);
        QVERIFY(program.awaitModel == AwaitModel::Node12);
        QCOMPARE(program.params.size(), size_t(1));
        QCOMPARE(program.params[0].name, std::string("iterations"));
        QCOMPARE(program.params[0].value, std::int64_t(1000));
        QCOMPARE(program.params[0].min, std::int64_t(1));
        QCOMPARE(program.params[0].max, std::int64_t(10000000));
        QCOMPARE(program.main.size(), size_t(1));
        const auto& readFile = program.main[0];
        QVERIFY(readFile.kind == OpKind::ReadFile);
        QCOMPARE(readFile.pos.line, 7u);
        QCOMPARE(readFile.pos.column, 5u);
        QCOMPARE(readFile.label(), std::string("readFile (line 7)"));
        QCOMPARE(readFile.body().size(), size_t(5));
        const OpKind kinds[]
            = { OpKind::SetTimeout, OpKind::SetImmediate, OpKind::Promise, OpKind::NextTick, OpKind::Log };
        for (int i = 0; i < 5; ++i)
            QVERIFY(readFile.body()[size_t(i)].kind == kinds[i]);
        QCOMPARE(readFile.body()[0].ms, 0.0);
        QCOMPARE(readFile.body()[0].label(), std::string("setTimeout (line 8)"));
        QCOMPARE(readFile.body()[0].body()[0].text.str(), std::string("setTimeout 0"));
        QCOMPARE(readFile.body()[2].chain().size(), size_t(1));
        QCOMPARE(readFile.body()[2].chain()[0][0].text.str(), std::string("promise.then"));
        QCOMPARE(readFile.body()[4].text.str(), std::string("readFile callback"));
    }

    void parsesEveryOp()
    {
        const Program program = parseGood(withFields(R"("module": "esm", "awaitModel": "node10", "params": {
            "n": {"default": 3, "min": 1, "max": 100, "description": "steps"}})",
                                              R"([
            {"op": "queueMicrotask", "label": "micro"},
            {"op": "setTimeout", "ms": -5.5},
            {"op": "setInterval", "ms": 1e999, "times": "$n"},
            {"op": "async", "do": [
                {"op": "await"},
                {"op": "await", "promise": true},
                {"op": "await", "sleep": 2.5},
                {"op": "await", "immediate": true, "promise": false},
                {"op": "repeat", "times": 2, "do": [{"op": "repeat", "times": 1e3, "do": [{"op": "await"}]}]},
                {"op": "async", "do": [{"op": "await"}]}
            ]},
            {"op": "dnsLookup"},
            {"op": "dnsLookup", "host": "example.org"},
            {"op": "pbkdf2", "iterations": "$n", "digest": "sha512"},
            {"op": "httpGet"},
            {"op": "block", "ms": 0},
            {"op": "block", "iterations": 2.0},
            {"op": "worker", "do": [{"op": "log", "text": "w"}], "done": [{"op": "log", "text": "d"}]},
            {"op": "chain", "via": "setTimeout", "ms": "$n", "times": 5, "done": [{"op": "log", "text": "end"}]},
            {"op": "chain", "via": "promise", "times": 1}
        ])"),
            { { "n", "7" } });
        QVERIFY(program.module == ModuleKind::Esm);
        QVERIFY(program.awaitModel == AwaitModel::Node10);
        QCOMPARE(program.params[0].value, std::int64_t(7));
        QCOMPARE(program.params[0].defaultValue, std::int64_t(3));
        QCOMPARE(program.params[0].description, std::string("steps"));
        const auto& main = program.main;
        QCOMPARE(main.size(), size_t(13));
        QCOMPARE(main[0].label(), std::string("micro"));
        QCOMPARE(main[1].ms, -5.5);
        QVERIFY(std::isinf(main[2].ms));
        QCOMPARE(main[2].times, std::int32_t(7));
        const auto& async = main[3].body();
        QVERIFY(async[0].await == AwaitKind::Value);
        QVERIFY(async[1].await == AwaitKind::Promise);
        QVERIFY(async[2].await == AwaitKind::Sleep);
        QCOMPARE(async[2].ms, 2.5);
        QVERIFY(async[3].await == AwaitKind::Immediate);
        QCOMPARE(async[4].body()[0].times, std::int32_t(1000));
        QVERIFY(async[4].body()[0].body()[0].kind == OpKind::Await);
        QCOMPARE(main[4].host(), std::string("localhost"));
        QCOMPARE(main[5].host(), std::string("example.org"));
        QCOMPARE(main[6].iterations, std::int32_t(7));
        QVERIFY(main[6].digest == Digest::Sha512);
        QCOMPARE(main[7].path(), std::string("/health"));
        QVERIFY(main[8].blocksForMs());
        QCOMPARE(main[8].ms, 0.0);
        QVERIFY(!main[9].blocksForMs());
        QCOMPARE(main[9].iterations, std::int32_t(2));
        QCOMPARE(main[10].body()[0].text.str(), std::string("w"));
        QCOMPARE(main[10].done()[0].text.str(), std::string("d"));
        QVERIFY(main[11].via == ChainVia::SetTimeout);
        QCOMPARE(main[11].ms, 7.0);
        QCOMPARE(main[11].times, std::int32_t(5));
        QCOMPARE(main[11].done()[0].text.str(), std::string("end"));
        QVERIFY(main[12].via == ChainVia::Promise);
        QCOMPARE(main[12].ms, 0.0);
        QVERIFY(main[12].body().empty() && main[12].done().empty());
    }

    void emitsScripts_data()
    {
        QTest::addColumn<QByteArray>("program");
        QTest::addColumn<QString>("expected");

        QTest::newRow("cjs, no helpers") << withFields(R"("title": "Ticks")",
            "[{\"op\": \"nextTick\", \"do\": [{\"op\": \"log\", \"text\": \"a \\\"b\\\" \\\\ \\u2028\\u0001\"}]},"
            "                {\"op\": \"setTimeout\", \"ms\": 0.5}, {\"op\": \"promise\", \"chain\": [[], [{\"op\": "
            "\"log\", \"text\": \"c\"}]]}]")
                                         << "// LoopScope program \"t\": Ticks\n"
                                            "// The Node.js equivalent: its console output is the program's, line "
                                            "for line.\n"
                                            "\n"
                                            "process.nextTick(() => {\n"
                                            "    console.log(\"a \\\"b\\\" \\\\ \\u2028\\x01\");\n"
                                            "});\n"
                                            "setTimeout(() => {}, 0.5);\n"
                                            "Promise.resolve()\n"
                                            "    .then(() => {})\n"
                                            "    .then(() => {\n"
                                            "        console.log(\"c\");\n"
                                            "    });\n";
        QTest::newRow("esm without imports marks itself a module")
            << withFields(R"("module": "esm")", R"([{"op": "async", "do": [{"op": "await", "sleep": 1}]}])")
            << "// LoopScope program \"t\"\n"
               "// The Node.js equivalent: its console output is the program's, line for line.\n"
               "export {};\n"
               "\n"
               "(async () => {\n"
               "    await new Promise((resolve) => setTimeout(resolve, 1));\n"
               "})();\n";
        QTest::newRow("nested repeats get their own counters")
            << withFields(R"("module": "esm", "params": {"n": {"default": 2, "min": 1, "max": 9}})",
                   R"([{"op": "repeat", "times": "$n", "do": [{"op": "repeat", "times": 3, "do": [
                   {"op": "readFile"}]}]}])")
            << "// LoopScope program \"t\"\n"
               "// The Node.js equivalent: its console output is the program's, line for line.\n"
               "// Parameter n = 2\n"
               "import fs from \"node:fs\";\n"
               "\n"
               "for (let i1 = 0; i1 < 2; i1++) {\n"
               "    for (let i2 = 0; i2 < 3; i2++) {\n"
               "        fs.readFile(process.argv[1], () => {});\n"
               "    }\n"
               "}\n";
        QTest::newRow("chain and interval")
            << withMain(R"([{"op": "chain", "via": "nextTick", "times": 3, "do": [{"op": "log", "text": "s"}],
                "done": [{"op": "log", "text": "d"}]}, {"op": "setInterval", "ms": 0, "times": 2}])")
            << "// LoopScope program \"t\"\n"
               "// The Node.js equivalent: its console output is the program's, line for line.\n"
               "\n"
               "let chain1Steps = 0;\n"
               "const chain1 = () => {\n"
               "    console.log(\"s\");\n"
               "    if (++chain1Steps < 3) {\n"
               "        process.nextTick(chain1);\n"
               "    } else {\n"
               "        console.log(\"d\");\n"
               "    }\n"
               "};\n"
               "process.nextTick(chain1);\n"
               "let interval2Runs = 0;\n"
               "const interval2 = setInterval(() => {\n"
               "    if (++interval2Runs === 2) {\n"
               "        clearInterval(interval2);\n"
               "    }\n"
               "}, 0);\n";
        QTest::newRow("node10 await of a promise")
            << withFields(R"("awaitModel": "node10")",
                   R"([{"op": "async", "do": [{"op": "await", "promise": true}, {"op": "await"}]}])")
            << "// LoopScope program \"t\"\n"
               "// The Node.js equivalent: its console output is the program's, line for line.\n"
               "\n"
               "(async () => {\n"
               "    await new Promise((resolve) => resolve(Promise.resolve()));\n"
               "    await null;\n"
               "})();\n";
    }

    void emitsScripts()
    {
        QFETCH(QByteArray, program);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(loopscope::emitJs(parseGood(program))), expected);
    }

    void emitsOnlyTheHelpersUsed()
    {
        const std::string pool = loopscope::emitJs(parseGood(withMain(R"([{"op": "pbkdf2", "iterations": 1}])")));
        QVERIFY(pool.find("const crypto = require(\"node:crypto\");") != std::string::npos);
        QVERIFY(pool.find("crypto.pbkdf2(\"correct horse\", \"bookstore-salt\", 1, 32, \"sha256\", () => {});")
            != std::string::npos);
        QVERIFY(pool.find("http") == std::string::npos);
        QVERIFY(pool.find("blockFor") == std::string::npos);
        const std::string sync
            = loopscope::emitJs(parseGood(withMain(R"([{"op": "pbkdf2Sync", "iterations": 7, "digest": "sha512"}])")));
        QVERIFY(sync.find("const crypto = require(\"node:crypto\");") != std::string::npos);
        QVERIFY(sync.find("crypto.pbkdf2Sync(\"correct horse\", \"bookstore-salt\", 7, 32, \"sha512\");")
            != std::string::npos);
        QVERIFY(pool.find("node:fs") == std::string::npos);

        const std::string worker = loopscope::emitJs(parseGood(withFields(R"("module": "esm")",
            R"([{"op": "worker", "do": [{"op": "httpGet"}], "done": [{"op": "block", "ms": 1}]}])")));
        QVERIFY(worker.find("import { Worker } from \"node:worker_threads\";") != std::string::npos);
        // The worker's HTTP helper lives in the worker's script, the main side only blocks.
        QVERIFY(worker.find("import http") == std::string::npos);
        QVERIFY(worker.find("\"const http = require(\\\"node:http\\\");\",") != std::string::npos);
        QVERIFY(worker.find("function blockForMs(ms) {") != std::string::npos);
        QVERIFY(worker.find("function blockForIterations") == std::string::npos);
    }

    void matchesNode_data()
    {
        QTest::addColumn<QByteArray>("program");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("guess-order") << withMain(R"([{"op": "readFile", "do": [
                {"op": "setTimeout", "ms": 0, "do": [{"op": "log", "text": "setTimeout 0"}]},
                {"op": "setImmediate", "do": [{"op": "log", "text": "setImmediate"}]},
                {"op": "promise", "chain": [[{"op": "log", "text": "promise.then"}]]},
                {"op": "nextTick", "do": [{"op": "log", "text": "process.nextTick"}]},
                {"op": "log", "text": "readFile callback"}]}])")
                                     << QStringList { "readFile callback", "process.nextTick", "promise.then",
                                            "setImmediate", "setTimeout 0" };
        const QByteArray tickVsPromise = R"([{"op": "promise", "chain": [[{"op": "log", "text": "promise"}]]},
                {"op": "nextTick", "do": [{"op": "log", "text": "nextTick"}]}, {"op": "log", "text": "main"}])";
        QTest::newRow("tick-vs-promise") << withMain(tickVsPromise) << QStringList { "main", "nextTick", "promise" };
        QTest::newRow("tick-vs-promise-esm")
            << withFields(R"("module": "esm")", tickVsPromise) << QStringList { "main", "promise", "nextTick" };
        QTest::newRow("main-race-esm") << withFields(R"("module": "esm")",
            R"([{"op": "setTimeout", "ms": 0, "do": [{"op": "log", "text": "timeout"}]},
                {"op": "setImmediate", "do": [{"op": "log", "text": "immediate"}]}])")
                                       << QStringList { "immediate", "timeout" };
        QTest::newRow("nested timers") << withMain(R"([
                {"op": "setTimeout", "ms": 200, "do": [{"op": "log", "text": "d"}]},
                {"op": "setTimeout", "ms": 0, "do": [{"op": "log", "text": "a"},
                    {"op": "setTimeout", "ms": 1, "do": [{"op": "log", "text": "c"}]},
                    {"op": "setImmediate", "do": [{"op": "log", "text": "b"}]}]}])")
                                       << QStringList { "a", "b", "c", "d" };
        QTest::newRow("promise chains interleave") << withMain(R"([
                {"op": "promise", "chain": [[{"op": "log", "text": "a1"}], [{"op": "log", "text": "a2"},
                    {"op": "queueMicrotask", "do": [{"op": "log", "text": "m"}]}], [{"op": "log", "text": "a3"}]]},
                {"op": "promise", "chain": [[{"op": "log", "text": "b1"}], [{"op": "log", "text": "b2"}]]}])")
                                                   << QStringList { "a1", "b1", "a2", "b2", "m", "a3" };
        const QByteArray awaitLoop = R"([
                {"op": "async", "do": [{"op": "repeat", "times": 3, "do": [{"op": "log", "text": "a"},
                    {"op": "await"}]}, {"op": "log", "text": "async done"}]},
                {"op": "promise", "chain": [[{"op": "log", "text": "p1"}], [{"op": "log", "text": "p2"}],
                    [{"op": "log", "text": "p3"}]]}])";
        QTest::newRow("await in a repeat")
            << withMain(awaitLoop) << QStringList { "a", "a", "p1", "a", "p2", "async done", "p3" };
        QTest::newRow("await in a repeat, esm") << withFields(R"("module": "esm")", awaitLoop)
                                                << QStringList { "a", "a", "p1", "a", "p2", "async done", "p3" };
        const QByteArray awaitOrder = R"([
                {"op": "async", "do": [{"op": "await", "promise": true}, {"op": "log", "text": "after:await"}]},
                {"op": "promise", "chain": [[{"op": "log", "text": "tick:a"}], [{"op": "log", "text": "tick:b"}]]}])";
        QTest::newRow("await-order") << withMain(awaitOrder) << QStringList { "after:await", "tick:a", "tick:b" };
        QTest::newRow("await-order-node10")
            << withFields(R"("awaitModel": "node10")", awaitOrder) << QStringList { "tick:a", "tick:b", "after:await" };
        QTest::newRow("await sleep and immediate") << withMain(R"([
                {"op": "async", "do": [{"op": "await", "immediate": true}, {"op": "log", "text": "immediate"},
                    {"op": "await", "sleep": 20}, {"op": "log", "text": "slept"}]},
                {"op": "setTimeout", "ms": 5, "do": [{"op": "log", "text": "timer"}]}])")
                                                   << QStringList { "immediate", "timer", "slept" };
        QTest::newRow("chain via nextTick")
            << withMain(R"([
                {"op": "setImmediate", "do": [{"op": "log", "text": "immediate"}]},
                {"op": "promise", "chain": [[{"op": "log", "text": "promise"}]]},
                {"op": "chain", "via": "nextTick", "times": 3, "do": [{"op": "log", "text": "step"}],
                    "done": [{"op": "log", "text": "chain done"}]}])")
            << QStringList { "step", "step", "step", "chain done", "promise", "immediate" };
        QTest::newRow("chain via setImmediate and interval")
            << withMain(R"([
                {"op": "chain", "via": "setImmediate", "times": 2, "do": [{"op": "log", "text": "step"}]},
                {"op": "setInterval", "ms": 300, "times": 2, "do": [{"op": "log", "text": "interval"}]},
                {"op": "setTimeout", "ms": 900, "do": [{"op": "log", "text": "end"}]}])")
            << QStringList { "step", "step", "interval", "interval", "end" };
        QTest::newRow("escaped text") << withMain(
            "[{\"op\": \"log\", \"text\": \"q\\\" b\\\\ t\\t é 😀 \\u2028 \\u00e9\"}]")
                                      << QStringList { "q\" b\\ t\t é 😀 \u2028 é" };
        QTest::newRow("two http requests and the pool")
            << withMain(R"([{"op": "httpGet", "do": [{"op": "log", "text": "http"}]},
                {"op": "httpGet", "path": "/other", "do": [{"op": "log", "text": "http"}]},
                {"op": "pbkdf2", "iterations": 10, "do": [{"op": "dnsLookup", "do": [
                    {"op": "readFile", "do": [{"op": "log", "text": "pool"}]}]}]},
                {"op": "block", "iterations": 10}, {"op": "block", "ms": 1}])")
            << QStringList { "http", "http", "pool" };
        QTest::newRow("worker") << withFields(R"("module": "esm")", R"([
                {"op": "worker", "do": [{"op": "block", "iterations": 10}, {"op": "readFile"}],
                    "done": [{"op": "log", "text": "worker done"}]},
                {"op": "log", "text": "main"}])")
                                << QStringList { "main", "worker done" };
    }

    void matchesNode()
    {
        QFETCH(QByteArray, program);
        QFETCH(QStringList, expected);
        REQUIRE_NODE();
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString scriptPath = dir.filePath(QStringLiteral("program.js"));
        QFile script(scriptPath);
        QVERIFY(script.open(QIODevice::WriteOnly));
        const std::string js = loopscope::emitJs(parseGood(program));
        script.write(js.data(), qint64(js.size()));
        script.close();

        QProcess process;
        process.start(node, { scriptPath });
        QVERIFY(process.waitForFinished(30000));
        const QByteArray errors = process.readAllStandardError();
        QVERIFY2(process.exitCode() == 0, errors.constData());
        QVERIFY2(errors.isEmpty(), errors.constData());
        QStringList lines = QString::fromUtf8(process.readAllStandardOutput()).split('\n');
        QCOMPARE(lines.takeLast(), QString());
        QCOMPARE(lines, expected);
    }
};

QTEST_GUILESS_MAIN(TestProgram)
#include "tst_program.moc"
