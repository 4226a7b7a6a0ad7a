#include "formats/latencycsv.h"

#include "formats/atomicfile.h"
#include "formats/progressmeter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ostream>
#include <vector>

namespace loopscope {

namespace {

constexpr std::uint64_t SamplesPerReport = 65536;

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

std::vector<Record> latencySamples(const Recording& recording)
{
    std::vector<Record> samples;
    for (const auto& log : recording.logs) {
        log->walk(0, log->size(), [&samples](const Record& record) {
            if (record.type == RecordType::Latency)
                samples.push_back(record);
            return true;
        });
    }
    std::stable_sort(
        samples.begin(), samples.end(), [](const Record& a, const Record& b) { return a.startNs < b.startNs; });
    return samples;
}

// Writes the CSV; false when the stream fails or `meter` is cancelled.
bool writeSamples(const std::vector<Record>& samples, std::ostream& out, ProgressMeter& meter)
{
    // histogramMs is what Node's monitorEventLoopDelay records, elu the utilisation over that interval.
    std::string text = "timeMs,loopDelayMs,healthMs,histogramMs,elu\n";
    text.reserve(text.size() + samples.size() * 32);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (!meter.update(i))
            return false;
        appendTimeMs(text, samples[i].startNs);
        text += ',';
        appendMs(text, samples[i].latency.loopDelayMs);
        text += ',';
        appendMs(text, samples[i].latency.healthMs);
        text += ',';
        appendMs(text, samples[i].latency.histogramMs);
        text += ',';
        appendMs(text, samples[i].latency.utilization);
        text += '\n';
    }
    out.write(text.data(), std::streamsize(text.size()));
    out.flush();
    return bool(out) && meter.finish();
}

} // namespace

bool writeLatencyCsv(const Recording& recording, std::ostream& out)
{
    const std::vector<Record> samples = latencySamples(recording);
    ProgressMeter meter({}, samples.size(), SamplesPerReport);
    return writeSamples(samples, out, meter);
}

bool writeLatencyCsv(const Recording& recording, const std::string& path, std::string* error, const Progress& progress)
{
    const std::vector<Record> samples = latencySamples(recording);
    ProgressMeter meter(progress, samples.size(), SamplesPerReport);
    return writeFileAtomically(
        path, error, meter, [&](std::ostream& out) { return writeSamples(samples, out, meter); });
}

} // namespace loopscope
