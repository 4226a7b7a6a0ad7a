// The export figures: runs bench_traceio (1,000,000 recorded events written as
// trace JSON and read back) N times and reports the medians against the targets.
// Usage: bench_export [--runs N] [FILE]
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

std::string siblingPath(const char* name)
{
    char buffer[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof buffer - 1);
    std::string self = n > 0 ? std::string(buffer, std::size_t(n)) : std::string();
    const std::size_t slash = self.rfind('/');
    return (slash == std::string::npos ? std::string(".") : self.substr(0, slash)) + "/" + name;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// The number after `key` in `text`, or -1.
double after(const std::string& text, const char* key)
{
    const std::size_t at = text.find(key);
    return at == std::string::npos ? -1 : std::atof(text.c_str() + at + std::strlen(key));
}

} // namespace

int main(int argc, char** argv)
{
    int runs = 5;
    std::string file = "/tmp/bench_export.json";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (argv[i][0] != '-')
            file = argv[i];
        else {
            std::fprintf(stderr, "usage: bench_export [--runs N] [FILE]\n");
            return 2;
        }
    }
    const std::string traceio = siblingPath("bench_traceio");
    if (::access(traceio.c_str(), X_OK) != 0) {
        std::fprintf(stderr, "bench_export: %s not found\n", traceio.c_str());
        return 1;
    }

    std::vector<double> writes, reads;
    std::string records;
    for (int r = 0; r < runs; ++r) {
        std::string out;
        FILE* pipe = ::popen(("'" + traceio + "' '" + file + "'").c_str(), "r");
        if (!pipe)
            return 1;
        char buffer[256];
        while (std::fgets(buffer, sizeof buffer, pipe))
            out += buffer;
        const int status = ::pclose(pipe);
        const double writeMs = after(out, "writeTrace:");
        const double readMs = after(out, "readTrace:");
        if (status != 0 || writeMs < 0 || readMs < 0) {
            std::fprintf(stderr, "bench_export: bench_traceio failed:\n%s", out.c_str());
            return 1;
        }
        if (records.empty())
            records = out.substr(0, out.find('\n'));
        std::fprintf(stderr, "bench_export: run %d of %d: write %.1f ms, read %.1f ms\n", r + 1, runs, writeMs, readMs);
        writes.push_back(writeMs);
        reads.push_back(readMs);
    }
    const double writeMs = median(writes);
    const double readMs = median(reads);
    std::printf("bench_export: bench_traceio, medians of %d runs; %s\n", runs, records.c_str());
    std::printf("  %-36s %9.1f ms  target < 2000 ms  %s\n", "writeTrace, 1,000,000 events", writeMs,
        writeMs < 2000 ? "met" : "MISSED");
    std::printf("  %-36s %9.1f ms  target < 3000 ms  %s\n", "readTrace, 1,000,000 events", readMs,
        readMs < 3000 ? "met" : "MISSED");
    return writeMs < 2000 && readMs < 3000 ? 0 : 1;
}
