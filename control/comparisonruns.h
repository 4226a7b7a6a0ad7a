#pragma once

#include "program/program.h"
#include "recording/recording.h"

#include <QCoreApplication>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTemporaryDir>

#include <array>
#include <memory>

class QProcess;

// Two runs to compare, each a built-in scenario with the module kind, await model and thread-pool size
// its side asks for, run to its end by a LoopScope process of its own, one after the other: libuv's pool
// has the size a process starts with, so a side with another size needs a process, and each side's times
// are its own run's, not shared with the other's. Each recording is read back from the trace its process
// wrote, for the views to replay side by side.
class ComparisonRuns : public QObject
{
    Q_OBJECT

public:
    struct Side
    {
        QString scenario;
        loopscope::ModuleKind module = loopscope::ModuleKind::Cjs;
        loopscope::AwaitModel awaitModel = loopscope::AwaitModel::Node12;
        int poolSize = 4;

        bool operator==(const Side&) const = default;
    };

    explicit ComparisonRuns(QObject* parent = nullptr);
    ~ComparisonRuns() override;

    // The LoopScope executable that runs each side (default: this program's own).
    void setExecutable(const QString& path) { m_executable = path; }
    // Runs `left`, then `right`; finished() follows. Runs in progress are cancelled first.
    void start(const Side& left, const Side& right);
    // Ends the runs; finished() is not emitted for them.
    void cancel();
    bool isRunning() const { return m_running >= 0; }
    // The recording of side 0 (left) or 1 (right) of the runs that finished last; null before.
    std::shared_ptr<const loopscope::Recording> recording(int side) const { return m_recordings.at(side); }

    // A side in words: "main-race-esm · ES module · pool of 8".
    static QString describe(const Side& side);
    // The program a side runs: the scenario's, as a module of the kind and with the await model it asks for.
    static std::optional<QByteArray> programText(const Side& side);

signals:
    // Side `side` (0 or 1) has started running.
    void running(int side);
    // Both ran and were read back (`error` empty), or one could not (`error` says which and why).
    void finished(const QString& error);

private:
    void runSide(int side);
    void onSideEnded(int side, int exitCode);

    QString m_executable;
    std::array<Side, 2> m_sides;
    std::array<std::shared_ptr<const loopscope::Recording>, 2> m_recordings;
    std::unique_ptr<QTemporaryDir> m_dir;
    QPointer<QProcess> m_process;
    int m_running = -1; // the side running, or -1
};
