#pragma once
// The version 2 program tests' helpers (tst_programv2, tst_programv2emit, tst_programmessages,
// tst_programstream).
#include "program/program.h"

#include <QByteArray>
#include <QString>
#include <QTest>

#include <string>
#include <variant>

namespace programv2 {

// A program of `version` whose "main" array is the text on line 2, so columns there are offsets into `ops`.
inline QByteArray withMain(const QByteArray& ops, int version = 2)
{
    return "{\"format\": \"loopscope-program\", \"version\": " + QByteArray::number(version)
        + ", \"name\": \"t\", \"main\":\n" + ops + "\n}";
}

inline std::variant<loopscope::Program, loopscope::ProgramError> parse(const QByteArray& text)
{
    return loopscope::parseProgram(std::string_view(text.constData(), std::size_t(text.size())), "v2.json");
}

inline loopscope::Program parseGood(const QByteArray& text)
{
    auto result = parse(text);
    if (const auto* error = std::get_if<loopscope::ProgramError>(&result))
        qFatal("unexpected error: %s", error->toString().c_str());
    return std::get<loopscope::Program>(std::move(result));
}

// The current data row's `text` is refused with its `message`, at its `path`, `line` and `column`: the body of
// every refuses... test, whose rows have those five columns.
inline void verifyRefusedAsTheRowSays()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const auto result = parse(text);
    QVERIFY(std::holds_alternative<loopscope::ProgramError>(result));
    const auto& error = std::get<loopscope::ProgramError>(result);
    QCOMPARE(QString::fromStdString(error.message), message);
    QCOMPARE(QString::fromStdString(error.jsonPath), path);
    QCOMPARE(int(error.line), line);
    QCOMPARE(int(error.column), column);
}

} // namespace programv2
