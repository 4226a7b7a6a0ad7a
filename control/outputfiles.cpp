#include "control/outputfiles.h"

#include "control/runoptions.h"
#include "control/terminal.h"
#include "formats/atomicfile.h"
#include "formats/latencycsv.h"
#include "formats/summary.h"
#include "formats/traceio.h"

#include <QStringList>

#include <algorithm>
#include <string>

namespace outputfiles {

namespace {

void reportTruncation(const RunOptions& options, std::uint64_t leftOut)
{
    if (leftOut > 0)
        Terminal::printErr(QStringLiteral("loopscope: %1: truncated at %2 MB (--max-trace-mb), %3 events left out")
                               .arg(options.traceFile)
                               .arg(options.maxTraceMb)
                               .arg(leftOut));
}

void reportDrops(const RunOptions& options, const loopscope::Recording& recording)
{
    if (recording.info.droppedEvents != 0)
        Terminal::printErr((options.rollingWindow
                ? QStringLiteral("loopscope: the rolling window let go of %1 early events (--rolling-window)")
                : QStringLiteral("loopscope: %1 events could not be recorded"))
                               .arg(recording.info.droppedEvents));
}

bool writeCsv(const RunOptions& options, const loopscope::Recording& recording)
{
    std::string error;
    if (options.csvFile.isEmpty() || loopscope::writeLatencyCsv(recording, options.csvFile.toStdString(), &error))
        return true;
    Terminal::printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
    return false;
}

loopscope::TraceLimits traceLimits(const RunOptions& options)
{
    loopscope::TraceLimits limits;
    limits.maxBytes = std::uint64_t(options.maxTraceMb) << 20;
    return limits;
}

} // namespace

bool checkWritable(const RunOptions& options)
{
    // Each output and the file names it is written under (the format follows the name).
    struct Output
    {
        const char* flag;
        const QString& path;
        QStringList endings;
    };
    const Output outputs[] = {
        { "--trace", options.traceFile, { QStringLiteral(".json"), QStringLiteral(".json.gz") } },
        { "--csv", options.csvFile, { QStringLiteral(".csv") } },
        { "--png", options.pngFile, { QStringLiteral(".png") } },
        { "--svg", options.svgFile, { QStringLiteral(".svg") } },
        { "--pdf", options.pdfFile, { QStringLiteral(".pdf") } },
        { "--animation", options.animationFile, { QStringLiteral(".gif"), QStringLiteral(".webp") } },
    };
    for (const Output& output : outputs) {
        if (output.path.isEmpty())
            continue;
        const bool named = std::any_of(output.endings.begin(), output.endings.end(),
            [&](const QString& ending) { return output.path.endsWith(ending, Qt::CaseInsensitive); });
        if (!named) {
            Terminal::printErr(
                QStringLiteral("loopscope: %1: %2 writes a file whose name ends in %3")
                    .arg(output.path, QLatin1String(output.flag), output.endings.join(QStringLiteral(" or "))));
            return false;
        }
        std::string error;
        if (!loopscope::checkWritable(output.path.toStdString(), &error)) {
            Terminal::printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
            return false;
        }
    }
    return true;
}

bool write(const RunOptions& options, const loopscope::Recording& recording)
{
    bool ok = true;
    std::string error;
    std::uint64_t leftOut = 0;
    if (!options.traceFile.isEmpty()
        && !loopscope::writeTrace(
            recording, options.traceFile.toStdString(), &error, {}, traceLimits(options), &leftOut)) {
        Terminal::printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
        ok = false;
    }
    reportTruncation(options, leftOut);
    ok = writeCsv(options, recording) && ok;
    if (options.summary)
        Terminal::printErr(QString::fromStdString(loopscope::summarize(recording)));
    reportDrops(options, recording);
    return ok;
}

Streamed::Streamed(const RunOptions& options)
    : m_options(options)
{ }

bool Streamed::open(const loopscope::Recording& recording)
{
    if (m_options.traceFile.isEmpty())
        return true;
    m_trace = std::make_unique<loopscope::TraceStream>(m_options.traceFile.toStdString(), traceLimits(m_options));
    std::string error;
    if (m_trace->open(recording, &error))
        return true;
    Terminal::printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
    return false;
}

void Streamed::add(const loopscope::Record& record, std::size_t log, const loopscope::Recording& from)
{
    if (m_trace)
        m_trace->add(record, from.strings);
    if (m_options.summary)
        m_summary.add(record, log);
    if (record.type == loopscope::RecordType::Latency && !m_options.csvFile.isEmpty()) {
        if (loopscope::Record* slot = m_latency.mainLog().slot()) {
            *slot = record;
            m_latency.mainLog().commit();
        }
    }
}

bool Streamed::finish(const loopscope::Recording& recording)
{
    bool ok = true;
    std::string error;
    std::uint64_t leftOut = 0;
    if (m_trace && !m_trace->finish(recording, &error, &leftOut)) {
        Terminal::printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
        ok = false;
    }
    reportTruncation(m_options, leftOut);
    ok = writeCsv(m_options, m_latency) && ok;
    if (m_options.summary)
        Terminal::printErr(QString::fromStdString(m_summary.text(recording)));
    reportDrops(m_options, recording);
    return ok;
}

} // namespace outputfiles
