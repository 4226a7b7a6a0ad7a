// The whole main window, offscreen, as a user gets it.
//
// Start-up: the time from starting a process until its main window is exposed,
// measured by a parent around fresh child processes (`bench_window --child`), so
// that loading, Qt's start-up and the first session's start all count.
// Frames: the GUI thread's work per frame while a nextTick storm hogs the loop
// thread: what the window's tick does (LiveFeed::poll(), then every model and
// view follows) plus a full repaint of the window (QWidget::grab()).
// Usage: bench_window [--runs N] [--seconds S]
#include "models/livefeed.h"
#include "session/session.h"
#include "widgets/window/mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

const char* const Storm = R"({
    "format": "loopscope-program", "version": 1, "name": "nexttick-storm",
    "main": [ { "op": "chain", "via": "nextTick", "times": 2000000000, "label": "storm step" } ]
})";

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, std::size_t(p * double(values.size())))];
}

// The child: shows the window and says so on stdout the moment it is exposed.
int child(int argc, char** argv)
{
    QApplication app(argc, argv);
    MainWindow window;
    window.show();
    if (!QTest::qWaitForWindowExposed(&window, 5000))
        return 1;
    std::puts("exposed");
    std::fflush(stdout);
    return 0;
}

double startupMs(const QString& self)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer clock;
    clock.start();
    process.start(self, { QStringLiteral("--child") });
    while (process.state() != QProcess::NotRunning || process.bytesAvailable() > 0) {
        if (process.waitForReadyRead(10000) && process.readAll().contains("exposed")) {
            const double ms = double(clock.nsecsElapsed()) / 1e6;
            process.waitForFinished(10000);
            return ms;
        }
        if (process.state() == QProcess::NotRunning)
            break;
    }
    return -1;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true); // never read or write the user's remembered layout
    if (argc > 1 && qstrcmp(argv[1], "--child") == 0)
        return child(argc, argv);

    int runs = 5;
    double seconds = 10;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (qstrcmp(argv[i], "--runs") == 0)
            runs = std::max(1, std::atoi(argv[i + 1]));
        else if (qstrcmp(argv[i], "--seconds") == 0)
            seconds = std::max(1.0, std::atof(argv[i + 1]));
    }

    QApplication app(argc, argv);
    std::vector<double> startups;
    for (int i = 0; i < runs; ++i) {
        const double ms = startupMs(QCoreApplication::applicationFilePath());
        if (ms < 0) {
            std::fprintf(stderr, "bench_window: the child did not show its window\n");
            return 1;
        }
        startups.push_back(ms);
    }
    std::printf("start to window exposed   median %.0f ms  max %.0f ms  (%d runs; target < 1500 ms)\n",
        percentile(startups, 0.5), percentile(startups, 1.0), runs);

    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    window.feed()->setInterval(1000000); // this loop drives the ticks
    if (!window.injectWorkload(Storm, QStringLiteral("storm")))
        return 1;
    std::vector<double> frames;
    QElapsedTimer total;
    total.start();
    while (total.elapsed() < qint64(seconds * 1000)) {
        QElapsedTimer frame;
        frame.start();
        window.feed()->poll();
        const QPixmap shot = window.grab();
        const double frameMs = double(frame.nsecsElapsed()) / 1e6;
        frames.push_back(frameMs);
        app.processEvents();
        const qint64 left = 16 - qint64(frameMs);
        if (left > 0)
            QThread::msleep(std::uint64_t(left));
    }
    const std::uint64_t callbacks = window.session()->live().callbacks.load();
    std::printf("frame (tick + full repaint) p50 %.2f ms  p95 %.2f ms  max %.2f ms  (%zu frames, %.0f M callbacks "
                "in the storm; target p95 < 16 ms)\n",
        percentile(frames, 0.5), percentile(frames, 0.95), percentile(frames, 1.0), frames.size(),
        double(callbacks) / 1e6);
    const bool met = percentile(startups, 0.5) < 1500 && percentile(frames, 0.95) < 16;
    window.close();
    return met ? 0 : 1;
}
