#pragma once

#include "catalog/scenariocatalog.h"
#include "program/program.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QProcess;
class QTemporaryDir;
class QTimer;

// Runs a program both ways as child processes, N times each: its emitted script in Node.js and the
// program itself in LoopScope's headless mode, one run at a time and alternating, so both sides see
// the same machine. Then it compares the consoles. Nothing here blocks: the processes report through
// signals, and cancel() stops whatever runs.
class NodeComparison : public QObject
{
    Q_OBJECT

public:
    // What to compare: a built-in scenario, or a program file; with its --set overrides.
    struct Source
    {
        QString scenario;
        QString programFile;
        ScenarioCatalog::Overrides overrides;

        static Source fromScenario(const QString& name, const ScenarioCatalog::Overrides& overrides = {});
        static Source fromFile(const QString& path, const ScenarioCatalog::Overrides& overrides = {});
        bool isValid() const { return !scenario.isEmpty() || !programFile.isEmpty(); }
        // The scenario's name or the file's name, for titles.
        QString displayName() const;
    };

    enum class Verdict { None, Agree, WithinNode, Differ, Failed, Cancelled };

    // One distinct console output, as lines, and how many runs printed it.
    struct Output
    {
        QStringList lines;
        int count = 0;
    };

    // The first line (1-based) where two outputs differ; 0 when they are equal. A side that ended
    // before that line has `ended` set and an empty text.
    struct Difference
    {
        int line = 0;
        QString node;
        QString loopscope;
        bool nodeEnded = false;
        bool loopscopeEnded = false;
    };

    struct Result
    {
        Verdict verdict = Verdict::None;
        QList<Output> node; // distinct outputs, most frequent first
        QList<Output> loopscope;
        // Between the outputs the verdict is about: a LoopScope output Node never printed (when there is
        // one) against Node's most frequent, else the two most frequent outputs.
        Difference first;
        int nodeShown = 0; // the indexes in `node` and `loopscope` that `first` compares
        int loopscopeShown = 0;
        QString error; // why the comparison failed
    };

    explicit NodeComparison(QObject* parent = nullptr);
    ~NodeComparison() override;

    // The `node` to run: a path, or a name looked up in PATH (default "node").
    void setNodePath(const QString& path);
    QString nodePath() const { return m_nodePath; }
    // The LoopScope executable to run headless (default: this application).
    void setLoopScopePath(const QString& path);
    // Arguments added to every LoopScope run, such as --startup-gap-us.
    void setLoopScopeArguments(const QStringList& arguments) { m_loopscopeArguments = arguments; }
    // A run that takes longer is stopped and the comparison fails (default 30 s).
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    // Starts `runs` runs on each side. False, with result().error set, when nothing could start (a bad
    // program, node missing, no temporary directory); otherwise finished() follows.
    bool start(const Source& source, int runs);
    // Stops the run in progress; finished() follows with the verdict Cancelled.
    void cancel();
    bool isRunning() const { return m_process != nullptr; }
    const Result& result() const { return m_result; }
    // The script given to Node.
    QString script() const { return m_script; }

    // How many runs a program deserves: its output may change from run to run when its main module
    // (CommonJS) races setTimeout(0) against setImmediate, so that one suggests 20; else 1.
    static int suggestedRuns(const loopscope::Program& program);
    // Compares the runs' outputs: distinct outputs with counts, the verdict, the first difference.
    static Result compare(const QList<QStringList>& nodeRuns, const QList<QStringList>& loopscopeRuns);
    static Difference firstDifference(const QStringList& node, const QStringList& loopscope);
    // A console's text as lines, without the empty one after the last newline.
    static QStringList linesOf(const QByteArray& stdoutText);

signals:
    // `done` of `total` runs (both sides) have finished.
    void progress(int done, int total);
    // The comparison ended: result() holds the verdict, or the error.
    void finished();

private:
    bool prepare(const Source& source);
    void startNext();
    void onProcessFinished();
    void onProcessError();
    void onTimeout();
    void fail(const QString& error);
    void stopProcess();
    QString sideName(bool node) const;

    QString m_nodePath;
    QString m_resolvedNode;
    QString m_loopscopePath;
    QStringList m_loopscopeArguments;
    int m_timeoutMs = 30000;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_script;
    QString m_scriptPath;
    QStringList m_loopscopeRun; // the LoopScope arguments of one run
    int m_runs = 0;
    QList<QStringList> m_nodeRuns;
    QList<QStringList> m_loopscopeRuns;
    QProcess* m_process = nullptr; // the run in progress
    bool m_processIsNode = false;
    QTimer* m_timer = nullptr;
    Result m_result;
};
