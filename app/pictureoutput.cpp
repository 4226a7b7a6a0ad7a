#include "pictureoutput.h"

#include "commandline.h"
#include "models/livefeed.h"
#include "session/session.h"
#include "widgets/export/animationexport.h"
#include "widgets/window/filescontroller.h"
#include "widgets/window/mainwindow.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QThread>

#include <cstdio>

namespace pictureoutput {

namespace {

// Lets the window take in what the loop recorded and draw it.
void settle(MainWindow& window)
{
    for (int tick = 0; tick < 5; ++tick) {
        window.feed()->poll();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(20);
    }
}

} // namespace

bool waitForTheEnd(const CommandLine& options, MainWindow& window)
{
    QElapsedTimer waited;
    waited.start();
    while (!window.feed()->finished() || window.fileActions()->pendingTasks() > 0) {
        if (waited.elapsed() > options.timeoutMs) {
            // Aborted as a headless run is: the recording says so, and the pictures show it.
            if (loopscope::Session* session = window.session()) {
                session->abort();
                session->waitFinished(1000);
            }
            settle(window);
            return false;
        }
        // Pictures are of a run, not of a loop held before its main module.
        if (loopscope::Session* session = window.session(); session && session->paused())
            session->resume();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    settle(window);
    return true;
}

bool write(const CommandLine& options, MainWindow& window)
{
    if (options.atMs) {
        window.feed()->setPlayhead(std::int64_t(*options.atMs * 1e6));
        settle(window);
    }
    using View = MainWindow::View;
    const View view = options.view == QLatin1String("circle") ? View::Circle
        : options.view == QLatin1String("chart")              ? View::Chart
        : options.view == QLatin1String("timeline")           ? View::Timeline
                                                              : View::Window;
    bool written = true;
    for (const QString* picture : { &options.pngFile, &options.svgFile }) {
        if (!picture->isEmpty() && !window.files()->exportPicture(view, *picture))
            written = false;
    }
    if (!options.pdfFile.isEmpty() && !window.files()->exportReport(options.pdfFile))
        written = false;
    if (!options.animationFile.isEmpty()) {
        AnimationExport::Range range;
        range.fromMs = options.fromMs;
        range.toMs = options.toMs;
        range.speed = options.speed;
        range.fps = options.fps;
        // More frames than an animation takes are spread over the range: said, as it is not what was asked.
        std::int64_t fromNs = 0;
        std::int64_t toNs = 0;
        AnimationPlan plan;
        QString unused;
        if (AnimationExport::resolve(*window.feed(), range, &fromNs, &toNs, &plan, &unused) && plan.capped)
            std::fprintf(stderr, "loopscope: %s: %s\n", options.animationFile.toLocal8Bit().constData(),
                AnimationExport::cappedText(plan).toLocal8Bit().constData());
        if (!window.files()->exportAnimation(view, options.animationFile, range))
            written = false;
    }
    if (!written)
        std::fprintf(stderr, "loopscope: %s\n", window.files()->lastError().toLocal8Bit().constData());
    return written;
}

} // namespace pictureoutput
