// Version 2 of the program format: its ops and fields are read, and refused where they do not belong
// (with line and column). tst_programv2emit checks the Node.js scripts they stand for.
#include "programv2helpers.h"

#include <QTest>

#include <string>

using loopscope::AwaitKind;
using loopscope::Combinator;
using loopscope::OpKind;
using loopscope::Program;
using loopscope::ProgramError;
using loopscope::StepKind;
using programv2::parse;
using programv2::parseGood;
using programv2::withMain;

class TestProgramV2 : public QObject
{
    Q_OBJECT

private slots:
    void refusesBadVersion2Programs_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");

        QTest::newRow("version 3") << QByteArray(
            R"({"format": "loopscope-program", "version": 3, "name": "t", "main": []})")
                                   << 1 << 44 << "$.version"
                                   << "unsupported version; this LoopScope reads versions 1 and 2";
        QTest::newRow("v2 op in version 1")
            << withMain(R"([{"op": "clearTimeout", "name": "t"}])", 1) << 2 << 9 << "$.main[0].op"
            << "op 'clearTimeout' needs \"version\": 2";
        QTest::newRow("v2 field in version 1")
            << withMain(R"([{"op": "setTimeout", "ms": 1, "name": "t"}])", 1) << 2 << 40 << "$.main[0].name"
            << "field 'name' needs \"version\": 2";
        QTest::newRow("v2 step in version 1")
            << withMain(R"([{"op": "promise", "chain": [{"catch": []}]}])", 1) << 2 << 30 << "$.main[0].chain[0]"
            << "expected an array, got an object";
        QTest::newRow("rejection in version 1")
            << withMain(R"([{"op": "promise", "reject": "x", "chain": [[]]}])", 1) << 2 << 30 << "$.main[0].reject"
            << "field 'reject' needs \"version\": 2";
        QTest::newRow("unknown timer name")
            << withMain(R"([{"op": "setTimeout", "ms": 1, "name": "a"}, {"op": "clearTimeout", "name": "b"}])") << 2
            << 77 << "$.main[1].name"
            << "no setTimeout is named 'b'";
        QTest::newRow("clearImmediate of a timer")
            << withMain(R"([{"op": "setTimeout", "ms": 1, "name": "a"}, {"op": "clearImmediate", "name": "a"}])") << 2
            << 79 << "$.main[1].name"
            << "'a' names a setTimeout; clearImmediate clears a setImmediate";
        QTest::newRow("one name for two kinds")
            << withMain(R"([{"op": "setTimeout", "ms": 1, "name": "a"}, {"op": "setImmediate", "name": "a"}])") << 2
            << 77 << "$.main[1].name"
            << "'a' already names a setTimeout";
        QTest::newRow("bad timer name")
            << withMain(R"([{"op": "setImmediate", "name": "1a"}])") << 2 << 33 << "$.main[0].name"
            << "a timer's name is 1 to 64 letters, digits and '_', not starting with a digit";
        QTest::newRow("worker clears a main timer") << withMain(R"([{"op": "setTimeout", "ms": 1, "name": "a"},
{"op": "worker", "do": [{"op": "clearTimeout", "name": "a"}]}])")
                                                    << 3 << 56 << "$.main[1].do[0].name"
                                                    << "no setTimeout is named 'a' in this worker";
        QTest::newRow("rejection in a worker")
            << withMain(R"([{"op": "worker", "do": [{"op": "promise", "reject": "x"}]}])") << 2 << 54
            << "$.main[0].do[0].reject"
            << "a promise that rejects is not available in a worker";
        QTest::newRow("throw outside a step")
            << withMain(R"([{"op": "throw", "message": "x"}])") << 2 << 2 << "$.main[0]"
            << "'throw' is only allowed as the last op of a promise step (then, catch or finally) or of a body in an "
               "async function";
        QTest::newRow("throw before the end of a step")
            << withMain(
                   R"([{"op": "promise", "chain": [[{"op": "throw", "message": "x"}, {"op": "log", "text": "y"}]]}])")
            << 2 << 31 << "$.main[0].chain[0][0]"
            << "'throw' is only allowed as the last op of a promise step (then, catch or finally) or of a body in an "
               "async function";
        QTest::newRow("step of two kinds") << withMain(R"([{"op": "promise", "chain": [{"then": [], "catch": []}]}])")
                                           << 2 << 30 << "$.main[0].chain[0]"
                                           << "a promise step takes exactly one of 'then', 'catch' and 'finally'";
        QTest::newRow("unknown step field")
            << withMain(R"([{"op": "promise", "chain": [{"else": []}]}])") << 2 << 31 << "$.main[0].chain[0].else"
            << "unknown field 'else' in a promise step";
        QTest::newRow("promise without chain or reject") << withMain(R"([{"op": "promise"}])") << 2 << 2 << "$.main[0]"
                                                         << "missing field 'chain'";
        QTest::newRow("combinator promise with sleep and immediate")
            << withMain(R"([{"op": "promiseAll", "promises": [{"sleep": 1, "immediate": true}]}])") << 2 << 36
            << "$.main[0].promises[0]"
            << "a promise takes at most one of 'sleep' and 'immediate'";
        QTest::newRow("unknown combinator promise field")
            << withMain(R"([{"op": "promiseAny", "promises": [{"ms": 1}]}])") << 2 << 37 << "$.main[0].promises[0].ms"
            << "unknown field 'ms' of a promise";
        QTest::newRow("exit listener in a worker")
            << withMain(R"([{"op": "worker", "do": [{"op": "onExit"}]}])") << 2 << 26 << "$.main[0].do[0]"
            << "'onExit' is not available in a worker";
        QTest::newRow("await of a thenable and a promise")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "thenable": true, "promise": true}]}])") << 2 << 25
            << "$.main[0].do[0]"
            << "'await' takes at most one of 'sleep', 'immediate', 'promise', 'thenable', 'setTimeout', "
               "'setImmediate' and 'reject'";
        QTest::newRow("await of two timers/promises forms")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "setTimeout": 5, "setImmediate": true}]}])") << 2
            << 25 << "$.main[0].do[0]"
            << "'await' takes at most one of 'sleep', 'immediate', 'promise', 'thenable', 'setTimeout', "
               "'setImmediate' and 'reject'";
        QTest::newRow("timers/promises setTimeout in version 1")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "setTimeout": 5}]}])", 1) << 2 << 55
            << "$.main[0].do[0].setTimeout"
            << "field 'setTimeout' needs \"version\": 2";
        QTest::newRow("timers/promises setImmediate in version 1")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "setImmediate": true}]}])", 1) << 2 << 57
            << "$.main[0].do[0].setImmediate"
            << "field 'setImmediate' needs \"version\": 2";
        QTest::newRow("timers/promises setTimeout of a string")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "setTimeout": "5"}]}])") << 2 << 55
            << "$.main[0].do[0].setTimeout"
            << "expected a number or a \"$parameter\", got a string";
        QTest::newRow("signal of a sleep")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "sleep": 5, "signal": "c"}]}])") << 2 << 63
            << "$.main[0].do[0].signal"
            << "a signal is given only to timers/promises' 'setTimeout' or 'setImmediate'";
        QTest::newRow("bad controller name")
            << withMain(R"([{"op": "abort", "controller": "1c"}])") << 2 << 32 << "$.main[0].controller"
            << "a controller's name is 1 to 64 letters, digits and '_', not starting with a digit";
        QTest::newRow("abort in a worker")
            << withMain(R"([{"op": "worker", "do": [{"op": "abort", "controller": "c"}]}])") << 2 << 26
            << "$.main[0].do[0]"
            << "an AbortController is not available in a worker";
        QTest::newRow("signal in a worker") << withMain(
            R"([{"op": "worker", "do": [{"op": "async", "do": [{"op": "await", "setImmediate": true, "signal": "c"}]}]}])")
                                            << 2 << 97 << "$.main[0].do[0].do[0].signal"
                                            << "an AbortController is not available in a worker";
        QTest::newRow("abort in version 1")
            << withMain(R"([{"op": "abort", "controller": "c"}])", 1) << 2 << 9 << "$.main[0].op"
            << "op 'abort' needs \"version\": 2";
        QTest::newRow("abort without a controller") << withMain(R"([{"op": "abort"}])") << 2 << 2 << "$.main[0]"
                                                    << "missing field 'controller'";
        QTest::newRow("stat in version 1") << withMain(R"([{"op": "stat"}])", 1) << 2 << 9 << "$.main[0].op"
                                           << "op 'stat' needs \"version\": 2";
        QTest::newRow("stat with a path")
            << withMain(R"([{"op": "stat", "path": "/etc"}])") << 2 << 17 << "$.main[0].path"
            << "unknown field 'path' for op 'stat'";
        QTest::newRow("readFile signal in version 1")
            << withMain(R"([{"op": "readFile", "signal": "c"}])", 1) << 2 << 31 << "$.main[0].signal"
            << "field 'signal' needs \"version\": 2";
        QTest::newRow("stat with a signal")
            << withMain(R"([{"op": "stat", "signal": "c"}])") << 2 << 17 << "$.main[0].signal"
            << "unknown field 'signal' for op 'stat'";
        QTest::newRow("open in version 1") << withMain(R"([{"op": "open", "as": "f"}])", 1) << 2 << 9 << "$.main[0].op"
                                           << "op 'open' needs \"version\": 2";
        QTest::newRow("open without a name") << withMain(R"([{"op": "open"}])") << 2 << 2 << "$.main[0]"
                                             << "missing field 'as'";
        QTest::newRow("bad file name") << withMain(R"([{"op": "open", "as": "f-1"}])") << 2 << 23 << "$.main[0].as"
                                       << "a file's name is 1 to 64 letters, digits and '_', not starting with a digit";
        QTest::newRow("read of a file never opened")
            << withMain(R"([{"op": "read", "fd": "f"}])") << 2 << 23 << "$.main[0].fd"
            << "no open named 'f' around this read: a file is read and closed inside the \"do\" of the open that names "
               "it";
        QTest::newRow("close after its open")
            << withMain(R"([{"op": "open", "as": "f"}, {"op": "close", "fd": "f"}])") << 2 << 51 << "$.main[1].fd"
            << "no open named 'f' around this close: a file is read and closed inside the \"do\" of the open that "
               "names it";
        QTest::newRow("read of another name")
            << withMain(R"([{"op": "open", "as": "f", "do": [{"op": "read", "fd": "g"}]}])") << 2 << 56
            << "$.main[0].do[0].fd"
            << "no open named 'g' around this read: a file is read and closed inside the \"do\" of the open that names "
               "it";
        QTest::newRow("worker reads a main file")
            << withMain(R"([{"op": "open", "as": "f", "do": [{"op": "worker", "do": [{"op": "read", "fd": "f"}]}]}])")
            << 2 << 80 << "$.main[0].do[0].do[0].fd"
            << "no open named 'f' around this read: a file is read and closed inside the \"do\" of the open that names "
               "it in the same worker";
        QTest::newRow("read without fd") << withMain(R"([{"op": "open", "as": "f", "do": [{"op": "read"}]}])") << 2
                                         << 35 << "$.main[0].do[0]"
                                         << "missing field 'fd'";
        QTest::newRow("try outside an async body")
            << withMain(R"([{"op": "try", "do": [], "catch": []}])") << 2 << 2 << "$.main[0]"
            << "'try' is only allowed in an async body (a callback inside one is not async)";
        QTest::newRow("try without catch or finally")
            << withMain(R"([{"op": "async", "do": [{"op": "try", "do": []}]}])") << 2 << 25 << "$.main[0].do[0]"
            << "'try' needs a 'catch' or a 'finally', or both";
        QTest::newRow("try in version 1")
            << withMain(R"([{"op": "async", "do": [{"op": "try", "do": [], "catch": []}]}])", 1) << 2 << 32
            << "$.main[0].do[0].op"
            << "op 'try' needs \"version\": 2";
        QTest::newRow("await reject in version 1")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "reject": "x"}]}])", 1) << 2 << 51
            << "$.main[0].do[0].reject"
            << "field 'reject' needs \"version\": 2";
        QTest::newRow("await of a rejection and a promise")
            << withMain(R"([{"op": "async", "do": [{"op": "await", "reject": "x", "promise": true}]}])") << 2 << 25
            << "$.main[0].do[0]"
            << "'await' takes at most one of 'sleep', 'immediate', 'promise', 'thenable', 'setTimeout', "
               "'setImmediate' and 'reject'";
        QTest::newRow("throw before the end of a try") << withMain(
            R"([{"op": "async", "do": [{"op": "try", "do": [{"op": "throw", "message": "x"}, {"op": "log", "text": "y"}], "catch": []}]}])")
                                                       << 2 << 46 << "$.main[0].do[0].do[0]"
                                                       << "'throw' is only allowed as the last op of a promise step "
                                                          "(then, catch or finally) or of a body in an "
                                                          "async function";
        QTest::newRow("await reject in a worker")
            << withMain(R"([{"op": "worker", "do": [{"op": "async", "do": [{"op": "await", "reject": "x"}]}]}])") << 2
            << 75 << "$.main[0].do[0].do[0].reject"
            << "a promise that rejects is not available in a worker";
        QTest::newRow("await in a callback of a catch") << withMain(
            R"([{"op": "async", "do": [{"op": "try", "catch": [{"op": "nextTick", "do": [{"op": "await"}]}]}]}])")
                                                        << 2 << 75 << "$.main[0].do[0].catch[0].do[0]"
                                                        << "'await' is only allowed in an async body (a callback "
                                                           "inside one is not async)";
        QTest::newRow("forAwait outside an async body")
            << withMain(R"([{"op": "forAwait", "times": 1}])") << 2 << 2 << "$.main[0]"
            << "'forAwait' is only allowed in an async body (a callback inside one is not async)";
        QTest::newRow("forAwait in version 1")
            << withMain(R"([{"op": "async", "do": [{"op": "forAwait", "times": 1}]}])", 1) << 2 << 32
            << "$.main[0].do[0].op"
            << "op 'forAwait' needs \"version\": 2";
        QTest::newRow("forAwait without times")
            << withMain(R"([{"op": "async", "do": [{"op": "forAwait"}]}])") << 2 << 25 << "$.main[0].do[0]"
            << "missing field 'times'";
        QTest::newRow("forAwait of negative times")
            << withMain(R"([{"op": "async", "do": [{"op": "forAwait", "times": -1}]}])") << 2 << 53
            << "$.main[0].do[0].times"
            << "value -1 is out of range 0..2147483647";
        QTest::newRow("await in a generator's yieldDo")
            << withMain(R"([{"op": "async", "do": [{"op": "forAwait", "times": 1, "yieldDo": [{"op": "await"}]}]}])")
            << 2 << 68 << "$.main[0].do[0].yieldDo[0]"
            << "'await' is only allowed in an async body (a callback inside one is not async)";
        QTest::newRow("throw in a generator's yieldDo") << withMain(
            R"([{"op": "async", "do": [{"op": "forAwait", "times": 1, "yieldDo": [{"op": "throw", "message": "x"}]}]}])")
                                                        << 2 << 68 << "$.main[0].do[0].yieldDo[0]"
                                                        << "'throw' is only allowed as the last op of a promise step "
                                                           "(then, catch or finally) or of a body in an "
                                                           "async function";
        QTest::newRow("readFile signal in a worker")
            << withMain(R"([{"op": "worker", "do": [{"op": "readFile", "signal": "c"}]}])") << 2 << 55
            << "$.main[0].do[0].signal"
            << "an AbortController is not available in a worker";
        QTest::newRow("timers/promises await outside an async body")
            << withMain(R"([{"op": "setImmediate", "do": [{"op": "await", "setImmediate": true}]}])") << 2 << 32
            << "$.main[0].do[0]"
            << "'await' is only allowed in an async body (a callback inside one is not async)";
    }

    void refusesBadVersion2Programs() { programv2::verifyRefusedAsTheRowSays(); }

    void readsVersion2Ops()
    {
        const Program program = parseGood(withMain(R"([
            {"op": "setTimeout", "ms": 1, "name": "t", "do": [{"op": "log", "text": "t"}]},
            {"op": "clearTimeout", "name": "t"},
            {"op": "setImmediate", "name": "i"},
            {"op": "clearImmediate", "name": "i"},
            {"op": "promise", "reject": "boom", "chain": [[], {"catch": []}, {"finally": [{"op": "throw", "message": "x"}]}]},
            {"op": "promiseRace", "label": "race", "promises": [{}, {"sleep": 2, "reject": "late", "do": [{"op": "log", "text": "d"}]},
                {"immediate": true}]},
            {"op": "async", "do": [{"op": "await", "thenable": true}, {"op": "await", "setTimeout": -3},
                {"op": "await", "setImmediate": true}]},
            {"op": "onUnhandledRejection"}, {"op": "onBeforeExit"}, {"op": "onExit"}])"));
        QCOMPARE(program.version, 2);
        const auto& main = program.main;
        QCOMPARE(main.size(), std::size_t(10));
        QCOMPARE(main[0].text.str(), std::string("t"));
        QCOMPARE(main[1].kind, OpKind::ClearTimeout);
        QCOMPARE(main[3].kind, OpKind::ClearImmediate);
        QVERIFY(main[4].rejects());
        QCOMPARE(main[4].text.str(), std::string("boom"));
        QCOMPARE(main[4].step(0), StepKind::Then);
        QCOMPARE(main[4].step(1), StepKind::Catch);
        QCOMPARE(main[4].step(2), StepKind::Finally);
        QCOMPARE(main[4].chain()[2].back().kind, OpKind::Throw);
        QCOMPARE(main[5].kind, OpKind::PromiseAll);
        QCOMPARE(main[5].combinator, Combinator::Race);
        QCOMPARE(main[5].label(), std::string("race"));
        QCOMPARE(main[5].body().size(), std::size_t(3));
        QCOMPARE(main[5].body()[1].await, AwaitKind::Sleep);
        QVERIFY(main[5].body()[1].rejects());
        QCOMPARE(main[5].body()[2].await, AwaitKind::Immediate);
        QCOMPARE(main[6].body()[0].await, AwaitKind::Thenable);
        QCOMPARE(main[6].body()[1].await, AwaitKind::TimersSetTimeout);
        QCOMPARE(main[6].body()[1].ms, -3.0);
        QCOMPARE(main[6].body()[2].await, AwaitKind::TimersSetImmediate);
        QCOMPARE(main[7].kind, OpKind::OnUnhandledRejection);
        QCOMPARE(main[9].kind, OpKind::OnExit);
        // A combinator's default label names its method.
        const Program any = parseGood(withMain(R"([{"op": "promiseAny", "promises": []}])"));
        QCOMPARE(any.main[0].label(), std::string("promiseAny (line 2)"));
    }

    void readsVersion1AsBefore()
    {
        const Program program
            = parseGood(withMain(R"([{"op": "promise", "chain": [[{"op": "log", "text": "a"}]]}])", 1));
        QCOMPARE(program.version, 1);
        QVERIFY(!program.main[0].rejects());
        QCOMPARE(program.main[0].step(0), StepKind::Then);
        QCOMPARE(loopscope::emitJs(program).find("makeError"), std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestProgramV2)
#include "tst_programv2.moc"
