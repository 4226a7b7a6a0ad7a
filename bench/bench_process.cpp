// Whole processes, side by side: `loopscope --headless --program FILE` against `node` running the script
// `loopscope --emit-js` writes for the same program, for a 1M-step setImmediate chain, a 1M `await null`
// loop and an empty program (start-up alone). Each pair runs alternately, so that both see the same
// machine in the same minute; prints the medians and LoopScope's time as a fraction of node's (the issue's
// target: under 0.5x for the two chains). Not a test: the figures move with the machine.
// Usage: bench_process [--runs N] [--node PATH]
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

struct Workload
{
    const char* name;
    const char* program; // the program file's text
};

const Workload workloads[] = {
    { "1M setImmediate chain", R"({ "format": "loopscope-program", "version": 1, "name": "immediate-chain",
  "main": [ { "op": "chain", "via": "setImmediate", "times": 1000000, "label": "step" } ] })" },
    { "1M await null", R"({ "format": "loopscope-program", "version": 1, "name": "await-loop",
  "main": [ { "op": "async", "do": [ { "op": "repeat", "times": 1000000, "do": [ { "op": "await" } ] } ] } ] })" },
    { "empty program", R"({ "format": "loopscope-program", "version": 1, "name": "empty", "main": [] })" },
};

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n == 0 ? 0 : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Runs `program` to its end, its output discarded: wall milliseconds, or < 0 when it failed.
double runMs(const QString& program, const QStringList& arguments)
{
    QProcess process;
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setStandardErrorFile(QProcess::nullDevice());
    QElapsedTimer clock;
    clock.start();
    process.start(program, arguments);
    if (!process.waitForFinished(600000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return -1;
    return double(clock.nsecsElapsed()) / 1e6;
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

int main(int argc, char** argv)
{
    int runs = 3;
    QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = std::max(1, std::atoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--node") == 0 && i + 1 < argc) {
            node = QString::fromLocal8Bit(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: bench_process [--runs N] [--node PATH]\n");
            return 2;
        }
    }
    if (node.isEmpty()) {
        std::fprintf(stderr, "bench_process: node not found\n");
        return 1;
    }
    const QString loopscope = QStringLiteral(LOOPSCOPE_EXECUTABLE);
    QTemporaryDir dir;
    std::printf("Whole processes, medians of %d alternated runs: loopscope --headless --program FILE, and node\n"
                "running its --emit-js script.\n\n",
        runs);
    std::printf("%-24s %12s %14s %8s\n", "workload", "node ms", "loopscope ms", "ratio");
    int status = 0;
    for (const Workload& workload : workloads) {
        const QString programPath = dir.filePath(QStringLiteral("program.json"));
        const QString scriptPath = dir.filePath(QStringLiteral("program.js"));
        if (!writeFile(programPath, workload.program)) {
            std::fprintf(stderr, "bench_process: cannot write %s's program\n", workload.name);
            return 1;
        }
        QProcess emitJs;
        emitJs.start(loopscope, { QStringLiteral("--emit-js"), QStringLiteral("--program"), programPath });
        if (!emitJs.waitForFinished(60000) || emitJs.exitCode() != 0
            || !writeFile(scriptPath, emitJs.readAllStandardOutput())) {
            std::fprintf(stderr, "bench_process: cannot write %s's script\n", workload.name);
            return 1;
        }
        std::vector<double> nodeMs;
        std::vector<double> loopScopeMs;
        for (int run = 0; run < runs; ++run) {
            const double n = runMs(node, { scriptPath });
            const double l
                = runMs(loopscope, { QStringLiteral("--headless"), QStringLiteral("--program"), programPath });
            if (n < 0 || l < 0) {
                std::fprintf(stderr, "bench_process: %s failed (%s)\n", workload.name, n < 0 ? "node" : "loopscope");
                status = 1;
                break;
            }
            nodeMs.push_back(n);
            loopScopeMs.push_back(l);
        }
        const double n = median(nodeMs);
        const double l = median(loopScopeMs);
        std::printf("%-24s %12.1f %14.1f %7.2fx\n", workload.name, n, l, n > 0 ? l / n : 0.0);
    }
    return status;
}
