// Times the GUI thread's frame during the worst storm: one nextTick chain of
// 50,000,000 steps hogging the loop thread while the views follow it live.
// Each frame is what the GUI tick does: LiveFeed::poll() (the views index the
// new records) and a repaint of the timeline, the pool lanes and the latency chart.
// Usage: bench_guiframe [SECONDS [PROGRAM]]; LOOPSCOPE_SCREENSHOTS=DIR also saves the last frame of each view;
// LOOPSCOPE_WHOLE_RUN=1 has the timeline show the whole run so far, zoomed out, instead of following the live edge.
// bench_guiframe --open RECORDING [FRAMES]: the timeline's repaint over a whole recording opened, zoomed out,
// with no run beside it (the recording read within the default memory budget, spilled past it).
#include "models/livefeed.h"
#include "widgets/chart/latencychart.h"
#include "widgets/lanes/poollanesview.h"
#include "widgets/timeline/timelineview.h"

#include "formats/traceio.h"
#include "program/program.h"
#include "session/session.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QPalette>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

const char* const Storm = R"({
    "format": "loopscope-program", "version": 1, "name": "nexttick-storm",
    "title": "A nextTick chain of 50,000,000 steps",
    "probes": { "health": 20, "delay": 10 },
    "main": [ { "op": "chain", "via": "nextTick", "times": 50000000, "label": "storm step" } ]
})";

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t rank = std::min(values.size() - 1, std::size_t(p * double(values.size())));
    return values[rank];
}

} // namespace

// The timeline zoomed out over a whole recording, repainted `frames` times.
int paintOpened(const char* path, int frames)
{
    auto recording = std::make_shared<loopscope::Recording>();
    std::string error;
    loopscope::TraceReadOptions reading;
    reading.memoryBudgetBytes = loopscope::MemoryBudget::DefaultMb << 20;
    QElapsedTimer clock;
    clock.start();
    if (!loopscope::readTrace(path, *recording, &error, {}, nullptr, reading)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    const double readMs = double(clock.nsecsElapsed()) / 1e6;
    LiveFeed feed;
    TimelineView timeline(&feed);
    timeline.resize(1600, std::max(420, timeline.sizeHint().height()));
    feed.setRecording(recording);
    clock.restart();
    feed.poll();
    const double indexMs = double(clock.nsecsElapsed()) / 1e6;
    timeline.setWindow({ 0, std::max<std::int64_t>(1, timeline.index().lastEndNs()) });
    std::vector<double> paints;
    QImage image;
    for (int i = 0; i < frames; ++i) {
        clock.restart();
        image = timeline.grab().toImage();
        paints.push_back(double(clock.nsecsElapsed()) / 1e6);
    }
    std::size_t records = 0;
    for (const auto& log : recording->logs)
        records += log->size();
    std::printf("bench_guiframe --open: %zu records read in %.0f ms (%.0f MB spilled), indexed in %.0f ms, %zu spans\n",
        records, readMs, double(recording->mainLog().spilledBytes()) / 1e6, indexMs, timeline.index().spanCount());
    std::printf("    timeline, whole run     p50 %.2f ms  p95 %.2f ms  max %.2f ms\n", percentile(paints, 0.5),
        percentile(paints, 0.95), percentile(paints, 1.0));
    if (const QByteArray dir = qgetenv("LOOPSCOPE_SCREENSHOTS"); !dir.isEmpty())
        image.save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("timeline-opened.png")));
    return 0;
}

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // LOOPSCOPE_DARK=1 renders on a dark palette, to check that the views read on both.
    if (qEnvironmentVariableIntValue("LOOPSCOPE_DARK")) {
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b2d30));
        dark.setColor(QPalette::Base, QColor(0x1e1f22));
        dark.setColor(QPalette::AlternateBase, QColor(0x26282b));
        dark.setColor(QPalette::Text, QColor(0xdfe1e5));
        dark.setColor(QPalette::WindowText, QColor(0xdfe1e5));
        dark.setColor(QPalette::Highlight, QColor(0x3d8fd1));
        dark.setColor(QPalette::ToolTipBase, QColor(0x3c3f41));
        dark.setColor(QPalette::ToolTipText, QColor(0xdfe1e5));
        QApplication::setPalette(dark);
    }
    if (argc > 2 && std::string(argv[1]) == "--open")
        return paintOpened(argv[2], argc > 3 ? std::atoi(argv[3]) : 50);
    const double seconds = argc > 1 ? std::atof(argv[1]) : 5.0;

    // Another program file may stand in for the storm, to look at the views under other loads.
    std::string text = Storm;
    if (argc > 2) {
        QFile file(QString::fromLocal8Bit(argv[2]));
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "%s: cannot read\n", argv[2]);
            return 2;
        }
        text = file.readAll().toStdString();
    }
    auto parsed = loopscope::parseProgram(text, argc > 2 ? argv[2] : "storm.json");
    if (auto* error = std::get_if<loopscope::ProgramError>(&parsed)) {
        std::fprintf(stderr, "%s\n", error->toString().c_str());
        return 1;
    }
    const loopscope::Program storm = std::get<loopscope::Program>(std::move(parsed));
    loopscope::Session session(storm);
    LiveFeed feed;
    feed.setInterval(1000000); // this loop drives the ticks
    TimelineView timeline(&feed);
    PoolLanesView lanes(&feed);
    LatencyChart chart(&feed);
    feed.setLoop(&session);
    timeline.resize(1600, std::max(420, timeline.sizeHint().height()));
    lanes.resize(640, lanes.sizeHint().height());
    chart.resize(1000, 360);
    session.start();
    int storms = 1;
    bool injected = false;

    std::vector<double> frames, polls, paints, timelinePaints, lanesPaints, chartPaints;
    QElapsedTimer total;
    total.start();
    QImage timelineImage, lanesImage, chartImage;
    const bool wholeRun = qEnvironmentVariableIntValue("LOOPSCOPE_WHOLE_RUN") != 0;
    while (total.elapsed() < qint64(seconds * 1000)) {
        QElapsedTimer frame;
        frame.start();
        feed.poll();
        if (wholeRun)
            timeline.setWindow({ 0, std::max<std::int64_t>(1, timeline.index().lastEndNs()) });
        const double pollMs = double(frame.nsecsElapsed()) / 1e6;
        qint64 mark = frame.nsecsElapsed();
        auto lap = [&](std::vector<double>& into) {
            const qint64 at = frame.nsecsElapsed();
            into.push_back(double(at - mark) / 1e6);
            mark = at;
        };
        timelineImage = timeline.grab().toImage();
        lap(timelinePaints);
        lanesImage = lanes.grab().toImage();
        lap(lanesPaints);
        chartImage = chart.grab().toImage();
        lap(chartPaints);
        const double frameMs = double(frame.nsecsElapsed()) / 1e6;
        frames.push_back(frameMs);
        polls.push_back(pollMs);
        paints.push_back(frameMs - pollMs);
        app.processEvents();
        // A fast machine gets through the storm early; start another so that every frame is measured under one.
        if (!session.finished()) {
            injected = false;
        } else if (!injected) {
            session.inject(storm);
            injected = true;
            ++storms;
        }
        const qint64 left = 16 - qint64(frameMs);
        if (left > 0)
            QThread::msleep(std::uint64_t(left));
    }

    std::size_t records = 0;
    for (const auto& log : session.recording().logs)
        records += log->size();
    const std::uint64_t callbacks = session.live().callbacks.load();
    session.abort();
    session.stop();

    std::printf(
        "bench_guiframe: %zu frames in %.1f s; %d storm(s), %zu records, %llu callbacks run, %zu spans indexed\n",
        frames.size(), double(total.elapsed()) / 1000, storms, records, static_cast<unsigned long long>(callbacks),
        timeline.index().spanCount());
    std::printf("frame  (poll + 3 repaints)  p50 %.2f ms  p95 %.2f ms  max %.2f ms\n", percentile(frames, 0.5),
        percentile(frames, 0.95), percentile(frames, 1.0));
    std::printf("  poll (index new records)  p50 %.2f ms  p95 %.2f ms  max %.2f ms\n", percentile(polls, 0.5),
        percentile(polls, 0.95), percentile(polls, 1.0));
    std::printf("  repaint of the 3 views    p50 %.2f ms  p95 %.2f ms  max %.2f ms\n", percentile(paints, 0.5),
        percentile(paints, 0.95), percentile(paints, 1.0));

    std::printf("    timeline                p50 %.2f ms  p95 %.2f ms  max %.2f ms\n", percentile(timelinePaints, 0.5),
        percentile(timelinePaints, 0.95), percentile(timelinePaints, 1.0));
    std::printf("    pool lanes              p50 %.2f ms  p95 %.2f ms  max %.2f ms\n", percentile(lanesPaints, 0.5),
        percentile(lanesPaints, 0.95), percentile(lanesPaints, 1.0));
    std::printf("    latency chart           p50 %.2f ms  p95 %.2f ms  max %.2f ms\n", percentile(chartPaints, 0.5),
        percentile(chartPaints, 0.95), percentile(chartPaints, 1.0));

    const QString dir = qEnvironmentVariable("LOOPSCOPE_SCREENSHOTS");
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        timelineImage.save(dir + QStringLiteral("/storm-timeline.png"));
        lanesImage.save(dir + QStringLiteral("/storm-poollanes.png"));
        chartImage.save(dir + QStringLiteral("/storm-latency.png"));
    }
    return 0;
}
