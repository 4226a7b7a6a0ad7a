#include "formats/latencycsv.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <ostream>
#include <vector>

namespace loopscope {

namespace {

void appendMs(std::string& out, double value)
{
    if (!std::isfinite(value) || value < 0)
        return;
    char buffer[32];
    out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

// Milliseconds with microsecond resolution, exact from the integer nanoseconds.
void appendTimeMs(std::string& out, std::int64_t ns)
{
    if (ns < 0) {
        out += '-';
        ns = -ns;
    }
    const std::int64_t us = ns / 1000;
    char buffer[32];
    out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, us / 1000).ptr);
    out += '.';
    const auto fraction = int(us % 1000);
    out += char('0' + fraction / 100);
    out += char('0' + fraction / 10 % 10);
    out += char('0' + fraction % 10);
}

} // namespace

bool writeLatencyCsv(const Recording& recording, std::ostream& out)
{
    std::vector<const Record*> samples;
    for (const auto& log : recording.logs) {
        const std::size_t size = log->size();
        for (std::size_t i = 0; i < size; ++i) {
            if ((*log)[i].type == RecordType::Latency)
                samples.push_back(&(*log)[i]);
        }
    }
    std::stable_sort(
        samples.begin(), samples.end(), [](const Record* a, const Record* b) { return a->startNs < b->startNs; });

    std::string text = "timeMs,loopDelayMs,healthMs\n";
    text.reserve(text.size() + samples.size() * 32);
    for (const Record* sample : samples) {
        appendTimeMs(text, sample->startNs);
        text += ',';
        appendMs(text, sample->latency.loopDelayMs);
        text += ',';
        appendMs(text, sample->latency.healthMs);
        text += '\n';
    }
    out.write(text.data(), std::streamsize(text.size()));
    out.flush();
    return bool(out);
}

bool writeLatencyCsv(
    const Recording& recording, const std::string& path, std::string* error, const Progress& /*progress*/)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) {
        if (error)
            *error = path + ": cannot open for writing: " + std::strerror(errno);
        return false;
    }
    if (!writeLatencyCsv(recording, out)) {
        if (error)
            *error = path + ": write failed: " + std::strerror(errno);
        return false;
    }
    out.close();
    if (!out) {
        if (error)
            *error = path + ": write failed: " + std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace loopscope
