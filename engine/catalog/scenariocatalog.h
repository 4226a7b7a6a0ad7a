#pragma once

#include "program/program.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>
#include <variant>

// The built-in scenarios (resources/scenarios/*.json) and loading of program files.
class ScenarioCatalog
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioCatalog)

public:
    struct Entry
    {
        QString name;
        QString title;
        QString description;
    };

    // Program files larger than this are refused before they are read.
    static constexpr qint64 MiB = qint64(1024) * 1024;
    static constexpr qint64 MaxProgramBytes = 64 * MiB;

    // Every built-in scenario, sorted by name.
    static QList<Entry> entries();
    // The JSON text of a built-in scenario.
    static std::optional<QByteArray> source(const QString& name);

    using Overrides = std::vector<std::pair<std::string, std::string>>;
    // Loads and validates a built-in scenario; the error is one line naming the file.
    static std::variant<loopscope::Program, QString> loadScenario(const QString& name, const Overrides& overrides = {});
    // Loads and validates a program file; the error is one line naming the file. One whose text alone
    // is more than the reading's memory budget is refused before it is read.
    static std::variant<loopscope::Program, QString> loadFile(
        const QString& path, const Overrides& overrides = {}, const loopscope::ProgramReading& reading = {});
    // True when the file at `path` holds a LoopScope program ("format": "loopscope-program"), as its first
    // MiB tells; anything else (a recording, a file that is missing or not JSON) is false.
    static bool isProgramFile(const QString& path);
    // Parses program text that came from `fileName`.
    static std::variant<loopscope::Program, QString> parse(const QByteArray& text, const QString& fileName,
        const Overrides& overrides = {}, const loopscope::ProgramReading& reading = {});
};
