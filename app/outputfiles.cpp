#include "outputfiles.h"

#include "commandline.h"
#include "formats/atomicfile.h"
#include "formats/latencycsv.h"
#include "formats/summary.h"
#include "formats/traceio.h"

#include <cstdio>
#include <string>

namespace outputfiles {

namespace {

void printErr(const QString& text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
    std::fflush(stderr);
}

} // namespace

bool checkWritable(const CommandLine& options)
{
    for (const QString& path : { options.traceFile, options.csvFile }) {
        std::string error;
        if (!path.isEmpty() && !loopscope::checkWritable(path.toStdString(), &error)) {
            printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
            return false;
        }
    }
    return true;
}

bool write(const CommandLine& options, const loopscope::Recording& recording, const std::string& summary)
{
    bool ok = true;
    std::string error;
    loopscope::TraceLimits limits;
    limits.maxBytes = std::uint64_t(options.maxTraceMb) << 20;
    std::uint64_t leftOut = 0;
    if (!options.traceFile.isEmpty()
        && !loopscope::writeTrace(recording, options.traceFile.toStdString(), &error, {}, limits, &leftOut)) {
        printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
        ok = false;
    }
    if (leftOut > 0)
        printErr(QStringLiteral("loopscope: %1: truncated at %2 MB (--max-trace-mb), %3 events left out")
                     .arg(options.traceFile)
                     .arg(options.maxTraceMb)
                     .arg(leftOut));
    if (!options.csvFile.isEmpty() && !loopscope::writeLatencyCsv(recording, options.csvFile.toStdString(), &error)) {
        printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
        ok = false;
    }
    if (options.summary)
        printErr(QString::fromStdString(summary.empty() ? loopscope::summarize(recording) : summary));
    if (recording.info.droppedEvents != 0)
        printErr((options.rollingWindow
                ? QStringLiteral("loopscope: the rolling window let go of %1 early events (--rolling-window)")
                : QStringLiteral("loopscope: %1 events could not be recorded"))
                     .arg(recording.info.droppedEvents));
    return ok;
}

} // namespace outputfiles
