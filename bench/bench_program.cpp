// What reading a program costs: programs of three shapes written to a temporary directory (1,000,000
// empty nextTick ops, 500,000 log ops with 40-character texts, ops nested 98 repeats deep), each read by
// a fresh process as the window and --program read them (ScenarioCatalog::loadFile). Prints the file's
// size, the reading's peak memory above the process's own (VmHWM growth), that as a multiple of the
// file (the bound is 4) and the time taken. Not a test: the figures move with the machine.
// Usage: bench_program [--runs N] | bench_program --one FILE
#include "catalog/scenariocatalog.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

// The process's peak resident memory so far, in bytes.
std::size_t peakResident()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::size_t(std::strtoull(line.c_str() + 6, nullptr, 10)) * 1024;
    }
    return 0;
}

std::string nested(int depth)
{
    if (depth == 0)
        return R"({"op":"log","text":"x"})";
    return R"({"op":"repeat","times":1,"do":[)" + nested(depth - 1) + "]}";
}

void writeProgram(const std::string& path, const std::vector<std::string>& ops)
{
    std::ofstream out(path, std::ios::binary);
    out << R"({"format":"loopscope-program","version":1,"name":"bench","main":[)";
    for (std::size_t i = 0; i < ops.size(); ++i)
        out << (i ? "," : "") << ops[i];
    out << "]}";
}

// Reads one program and prints "bytes peakGrowth milliseconds" on stdout.
int readOne(const char* file)
{
    const std::size_t before = peakResident();
    const auto start = std::chrono::steady_clock::now();
    auto loaded = ScenarioCatalog::loadFile(QString::fromLocal8Bit(file));
    const auto elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start);
    if (auto* error = std::get_if<QString>(&loaded)) {
        std::fprintf(stderr, "%s\n", qPrintable(*error));
        return 1;
    }
    std::printf("%zu %.1f\n", peakResident() - before, elapsed.count());
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 3 && std::strcmp(argv[1], "--one") == 0)
        return readOne(argv[2]);
    int runs = 3;
    if (argc == 3 && std::strcmp(argv[1], "--runs") == 0)
        runs = std::max(1, std::atoi(argv[2]));

    QTemporaryDir dir;
    struct Shape
    {
        const char* name;
        std::vector<std::string> ops;
    };
    std::vector<Shape> shapes(3);
    shapes[0].name = "nextTick";
    shapes[0].ops.assign(1000000, R"({"op":"nextTick","do":[]})");
    shapes[1].name = "log";
    for (int i = 0; i < 500000; ++i) {
        char op[96];
        std::snprintf(op, sizeof op, R"({"op":"log","text":"line %07d of a longer log text here"})", i);
        shapes[1].ops.emplace_back(op);
    }
    shapes[2].name = "nested";
    shapes[2].ops.assign(7000, nested(98));

    std::printf("%-9s %9s %12s %7s %9s\n", "shape", "file MB", "peak MB", "x file", "ms");
    int status = 0;
    for (const Shape& shape : shapes) {
        const std::string path = dir.filePath(QString::fromLatin1(shape.name) + QStringLiteral(".json")).toStdString();
        writeProgram(path, shape.ops);
        std::vector<double> peaks;
        std::vector<double> times;
        std::size_t bytes = 0;
        for (int run = 0; run < runs; ++run) {
            const std::string command = "'" + std::string(argv[0]) + "' --one '" + path + "'";
            FILE* child = popen(command.c_str(), "r");
            std::size_t peak = 0;
            double ms = 0;
            if (!child || std::fscanf(child, "%zu %lf", &peak, &ms) != 2) {
                status = 1;
            }
            if (child)
                pclose(child);
            std::ifstream file(path, std::ios::binary | std::ios::ate);
            bytes = std::size_t(file.tellg());
            peaks.push_back(double(peak));
            times.push_back(ms);
        }
        std::sort(peaks.begin(), peaks.end());
        std::sort(times.begin(), times.end());
        const double peak = peaks[peaks.size() / 2];
        std::printf("%-9s %9.1f %12.1f %7.2f %9.0f\n", shape.name, double(bytes) / 1e6, peak / 1e6,
            peak / double(bytes), times[times.size() / 2]);
    }
    return status;
}
