#include "models/timelinetexts.h"

#include "recording/recording.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>

using loopscope::CallbackKind;
using loopscope::Phase;
using loopscope::Record;
using loopscope::RecordType;
using loopscope::WorkerThreadBase;
using RowKind = TimelineIndex::RowKind;

QString TimelineTexts::seconds(std::int64_t ns, int decimals)
{
    return tr("%1 s").arg(double(ns) / 1e9, 0, 'f', decimals);
}

QString TimelineTexts::tick(std::int64_t ns, std::int64_t stepNs)
{
    const std::int64_t unit = stepNs >= 100'000'000 ? 1'000'000'000 : stepNs >= 100'000 ? 1'000'000 : 1'000;
    int decimals = 0;
    for (std::int64_t scale = unit; decimals < 6 && stepNs % scale != 0; scale /= 10)
        ++decimals;
    const QString value = QLocale().toString(double(ns) / double(unit), 'f', decimals);
    return unit == 1'000'000'000 ? tr("%1 s").arg(value)
        : unit == 1'000'000      ? tr("%1 ms").arg(value)
                                 : tr("%1 µs").arg(value);
}

QString TimelineTexts::rowName(const TimelineIndex::Row& row)
{
    if (row.kind == RowKind::Pool)
        return tr("pool worker %1").arg(row.thread);
    if (row.thread >= WorkerThreadBase)
        return row.kind == RowKind::Phases ? tr("phases") : tr("callbacks");
    if (row.kind == RowKind::Phases)
        return tr("phases");
    switch (CallbackKind(row.callbackKind)) {
    case CallbackKind::Timer:
        return tr("timers");
    case CallbackKind::Immediate:
        return tr("immediates");
    case CallbackKind::NextTick:
        return tr("nextTick");
    case CallbackKind::Microtask:
        return tr("microtasks");
    case CallbackKind::Io:
        return tr("I/O callbacks");
    case CallbackKind::Close:
        return tr("close callbacks");
    case CallbackKind::Work:
        return tr("pool callbacks");
    case CallbackKind::Main:
        return tr("main module");
    }
    return {};
}

QString TimelineTexts::rowToolTip(const TimelineIndex::Row& row)
{
    if (row.kind == RowKind::Pool)
        return tr("A pool lane: one of libuv's worker threads (UV_THREADPOOL_SIZE of them). File system calls, DNS "
                  "lookups and crypto such as pbkdf2 run here, off the loop thread. When every lane is busy, new "
                  "work waits in a queue.");
    if (row.thread >= WorkerThreadBase)
        return tr("A worker thread: a second event loop with its own phases and callbacks, sharing the "
                  "process-wide thread pool with the main loop.");
    if (row.kind == RowKind::Phases)
        return tr("The phases of every loop iteration in libuv's order: timers, pending, idle, prepare, poll, check, "
                  "close. Thin ticks are phases the loop passed with nothing to run; a pale poll bar is the loop "
                  "asleep, waiting for I/O or for the next timer.");
    switch (CallbackKind(row.callbackKind)) {
    case CallbackKind::Timer:
        return tr("setTimeout and setInterval callbacks. They run in the timers phase once their time has come.");
    case CallbackKind::Immediate:
        return tr("setImmediate callbacks. They run in the check phase, right after poll.");
    case CallbackKind::NextTick:
        return tr("process.nextTick callbacks. Node drains this queue completely after every callback, before "
                  "promises, so a long chain here keeps the loop from moving on.");
    case CallbackKind::Microtask:
        return tr("Promise reactions and queueMicrotask jobs. They run as soon as the nextTick queue is empty.");
    case CallbackKind::Io:
        return tr("I/O callbacks (files, DNS, network). They run in the poll phase when their operation completes.");
    case CallbackKind::Close:
        return tr("Close callbacks ('close' events). They run in the close phase.");
    case CallbackKind::Work:
        return tr("Completion callbacks of thread-pool work, delivered back on the loop thread in the poll phase.");
    case CallbackKind::Main:
        return tr("The main module: the program's top-level code, run once before the loop starts.");
    }
    return {};
}

QString TimelineTexts::label(const loopscope::Recording* recording, std::uint32_t label)
{
    if (!recording || label >= recording->strings.size())
        return {};
    return QString::fromStdString(recording->strings.at(label));
}

QString TimelineTexts::describe(
    const TimelineSpan& span, const TimelineIndex& index, const loopscope::Recording& recording)
{
    if (span.log >= recording.logs.size())
        return {};
    if (span.index < recording.logs[span.log]->firstKept())
        return tr("The rolling window let this item's record go to keep the recording within its memory budget; "
                  "its bar stays as part of the timeline's summary.");
    const Record& r = (*recording.logs[span.log])[span.index];
    QStringList lines;
    const QString started = tr("Started at %1").arg(seconds(r.startNs, 6));
    switch (r.type) {
    case RecordType::Phase: {
        const Phase phase = Phase(r.sub);
        lines << tr("%1 phase").arg(QString::fromLatin1(loopscope::phaseName(phase)));
        lines << tr("Iteration %L1").arg(r.span.iteration);
        if (span.timed == 0) {
            lines << tr("Passed, not timed: the loop went through it with nothing to run.");
        } else {
            lines << tr("Lasted %1").arg(TimeMapping::formatDuration(r.span.durNs));
            if (phase == Phase::Poll) {
                lines << (pollTimeoutMs(r) < 0 ? tr("Poll timeout: infinite (nothing but I/O to wait for)")
                                               : tr("Poll timeout: %L1 ms").arg(pollTimeoutMs(r)));
            }
        }
        lines << started;
        break;
    }
    case RecordType::Callback: {
        const QString name = label(&recording, r.label);
        lines << tr("%1 callback “%2”")
                     .arg(QString::fromLatin1(loopscope::callbackKindName(loopscope::callbackKindOf(r))), name);
        // The phase it ran in: the phase span of the same thread that contains its start.
        QString phaseText = tr("before the loop started");
        const int phaseRow = index.rowOf(RowKind::Phases, r.thread, -1);
        if (phaseRow >= 0) {
            const auto& phases = index.rows()[std::size_t(phaseRow)].spans;
            auto it = std::lower_bound(phases.begin(), phases.end(), r.startNs,
                [](const TimelineSpan& s, std::int64_t t) { return s.endNs < t; });
            if (it != phases.end() && it->startNs <= r.startNs)
                phaseText = tr("in the %1 phase").arg(QString::fromLatin1(loopscope::phaseName(Phase(it->sub))));
        }
        lines << tr("Iteration %L1, %2").arg(r.span.iteration).arg(phaseText);
        if (r.span.count > 1) {
            lines << tr("A run of %L1 identical callbacks, drawn as one bar").arg(r.span.count);
            const QString mean = TimeMapping::formatDuration(r.span.busyNs / std::int64_t(r.span.count));
            if (longestCallNs(r) == loopscope::LongestUnknown) {
                lines << tr("Wall time %1 · total %2 · mean %3")
                             .arg(TimeMapping::formatDuration(r.span.durNs), TimeMapping::formatDuration(r.span.busyNs),
                                 mean);
                lines << tr("Timed as a whole: the longest single callback is not known");
            } else {
                lines << tr("Wall time %1 · total %2 · longest %3 · mean %4")
                             .arg(TimeMapping::formatDuration(r.span.durNs), TimeMapping::formatDuration(r.span.busyNs),
                                 TimeMapping::formatDuration(longestCallNs(r)), mean);
            }
        } else {
            lines << tr("Duration %1").arg(TimeMapping::formatDuration(r.span.durNs));
        }
        lines << started;
        break;
    }
    case RecordType::Pool:
        lines << tr("%1 on pool worker %2").arg(label(&recording, r.label)).arg(r.thread);
        lines << tr("Waited %1 in the queue for a free thread").arg(TimeMapping::formatDuration(r.span.busyNs));
        lines << tr("Ran for %1").arg(TimeMapping::formatDuration(r.span.durNs));
        lines << tr("Completed during iteration %L1").arg(r.span.iteration);
        lines << started;
        break;
    default:
        break;
    }
    return lines.join(QLatin1Char('\n'));
}
