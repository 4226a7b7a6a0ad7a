#include "models/figuretexts.h"

#include "models/timemapping.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <vector>

using loopscope::Figures;

namespace {

// Milliseconds as the window writes every duration (TimeMapping: the language's numbers and units).
QString ms(double value)
{
    return TimeMapping::formatDuration(std::int64_t(std::llround(value * 1e6)));
}

} // namespace

QStringList FigureTexts::lines(const Figures& f, const loopscope::Recording& recording)
{
    const loopscope::RecordingInfo& info = recording.info;
    QStringList out;
    out << tr("Duration: %1, iterations: %2")
               .arg(TimeMapping::formatDuration(f.durationNs), QLocale().toString(qulonglong(f.iterations)));
    out << tr("Callbacks: %1").arg(QLocale().toString(qulonglong(f.callbacks)));
    if (f.hasLongest) {
        out << tr("Longest callback: %1 (%2), %3")
                   .arg(QString::fromStdString(recording.strings.at(f.longestLabel)),
                       QString::fromLatin1(loopscope::callbackKindName(f.longestKind)),
                       TimeMapping::formatDuration(f.longestNs));
    }
    if (!f.poolSeen)
        out << tr("Thread pool: not seen by the probe");
    else if (f.poolItems == 0)
        out << tr("Thread pool: no work");
    else
        out << tr("Thread pool: %1 items, waited up to %2 (mean %3), ran up to %4")
                   .arg(QLocale().toString(qulonglong(f.poolItems)))
                   .arg(TimeMapping::formatDuration(f.poolQueuedMaxNs), ms(f.poolQueuedMeanNs / 1e6),
                       TimeMapping::formatDuration(f.poolRunMaxNs));
    if (!f.pollWaits.empty()) {
        // The commonest first: what the loop mostly did between its phases (a setTimeout(0) chain sleeps
        // 1 ms a step, a setImmediate chain never).
        std::vector<Figures::PollWait> waits = f.pollWaits;
        std::stable_sort(waits.begin(), waits.end(),
            [](const Figures::PollWait& a, const Figures::PollWait& b) { return a.polls > b.polls; });
        QStringList said;
        for (std::size_t i = 0; i < waits.size() && i < 3; ++i) {
            const QString timeout = waits[i].timeoutMs < 0
                ? tr("for ever")
                : tr("%1 ms").arg(QLocale().toString(qlonglong(waits[i].timeoutMs)));
            said << tr("%1 × %2").arg(timeout, QLocale().toString(qulonglong(waits[i].polls)));
        }
        out << tr("Poll waited (its timeout × polls): %1").arg(said.join(QStringLiteral(", ")));
    }
    if (!f.loopDelay.known())
        out << tr("Loop delay: no samples");
    else
        out << tr("Loop delay (monitorEventLoopDelay, checks every %1 ms): p50 %2, p99 %3, max %4")
                   .arg(f.delayResolutionMs)
                   .arg(ms(f.loopDelay.p50), ms(f.loopDelay.p99), ms(f.loopDelay.max));
    if (f.health.known())
        out << tr("/health: p50 %1, max %2, answers: %3")
                   .arg(ms(f.health.p50), ms(f.health.max), QLocale().toString(qulonglong(f.health.count)));
    if (f.utilisation.known())
        out << tr("Event-loop utilisation: %L1 % over %2")
                   .arg(std::lround(f.utilisation.share * 100))
                   .arg(TimeMapping::formatDuration(f.utilisation.overNs));
    else
        out << tr("Event-loop utilisation: not measured");
    if (const QString note = beforeLoop(f); !note.isEmpty())
        out << note;
    if (info.exitSignal > 0)
        out << tr("The program was ended by signal %1").arg(info.exitSignal);
    else if (info.exitStatus >= 0)
        out << tr("The program exited with status %1").arg(info.exitStatus);
    if (f.aborted)
        out << tr("The run was aborted");
    return out;
}

QString FigureTexts::beforeLoop(const Figures& f)
{
    if (!f.blockedBeforeLoop())
        return {};
    if (f.beforeLoopFromStart) {
        return tr("The program ran %1 before its loop started (its main module, or Node loading an ES module): "
                  "neither the delay monitor nor eventLoopUtilization sees that time, though a request waits "
                  "through it.")
            .arg(TimeMapping::formatDuration(f.beforeLoopNs));
    }
    return tr("The main module ran %1 before the loop started: neither the delay monitor nor "
              "eventLoopUtilization sees that time, though a request waits through it.")
        .arg(TimeMapping::formatDuration(f.beforeLoopNs));
}

QString FigureTexts::stretchesTable(const Figures& f, const loopscope::Recording& recording)
{
    if (f.stretches.empty())
        return {};
    const QLocale locale;
    // A step below a nanosecond keeps a decimal; long extrapolations read in minutes or hours.
    auto perStep = [&](double ns) {
        if (ns < 1e3)
            return QCoreApplication::translate("TimeMapping", "%1 ns").arg(locale.toString(ns, 'f', 1));
        return TimeMapping::formatDuration(std::int64_t(std::llround(ns)));
    };
    auto longDuration = [&](double ns) {
        const double s = ns / 1e9;
        if (s < 120)
            return TimeMapping::formatDuration(std::int64_t(std::llround(ns)));
        if (s < 7200)
            return tr("%1 minutes").arg(locale.toString(s / 60, 'f', 1));
        return tr("%1 hours").arg(locale.toString(s / 3600, 'f', 1));
    };
    QString html = QStringLiteral("<p><b>%1</b></p><table cellspacing=\"0\" cellpadding=\"3\" border=\"1\">")
                       .arg(tr("Measured, each line since the one before it").toHtmlEscaped());
    html += QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>")
                .arg(tr("Line"), tr("Took"), tr("Steps"), tr("A step"), tr("10,000,000 steps (extrapolated)"));
    for (const loopscope::Stretch& stretch : f.stretches) {
        const QString line = stretch.label < recording.strings.size()
            ? QString::fromStdString(recording.strings.at(stretch.label))
            : QString();
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td align=\"right\">%3</td>"
                               "<td align=\"right\">%4</td><td align=\"right\">%5</td></tr>")
                    .arg(line.toHtmlEscaped(), TimeMapping::formatDuration(stretch.durationNs()),
                        locale.toString(qulonglong(stretch.steps)), perStep(stretch.nsPerStep()),
                        longDuration(stretch.extrapolatedNs(1e7)));
    }
    html += QStringLiteral("</table><p>%1</p>")
                .arg(tr("The last column is an extrapolation: this run's pace a step, times ten million.")
                         .toHtmlEscaped());
    return html;
}
