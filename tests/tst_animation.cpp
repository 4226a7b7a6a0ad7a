#include "models/animationplan.h"
#include "models/animationwriter.h"
#include "models/livefeed.h"
#include "session/session.h"
#include "widgets/chart/latencychart.h"
#include "widgets/dialogs/animationdialog.h"
#include "widgets/export/animationexport.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/filescontroller.h"
#include "widgets/window/mainwindow.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <webp/demux.h>

#include <cmath>
#include <utility>
#include <vector>

namespace {

struct Frame
{
    QImage image;
    int delayMs = 0;
};

// Every frame of a GIF as a viewer shows it, read by Qt's own GIF reader.
std::vector<Frame> readGif(const QString& path)
{
    std::vector<Frame> frames;
    QImageReader reader(path, "gif");
    while (reader.canRead()) {
        Frame frame;
        frame.image = reader.read();
        if (frame.image.isNull())
            break;
        frame.delayMs = reader.nextImageDelay();
        frames.push_back(frame);
    }
    return frames;
}

// Every frame of an animated WebP as a viewer shows it, read by libwebp's WebPAnimDecoder.
std::vector<Frame> readWebP(const QString& path)
{
    std::vector<Frame> frames;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return frames;
    const QByteArray bytes = file.readAll();
    WebPData data { reinterpret_cast<const uint8_t*>(bytes.constData()), std::size_t(bytes.size()) };
    WebPAnimDecoderOptions options;
    WebPAnimDecoderOptionsInit(&options);
    options.color_mode = MODE_RGBA;
    WebPAnimDecoder* decoder = WebPAnimDecoderNew(&data, &options);
    if (!decoder)
        return frames;
    WebPAnimInfo info;
    WebPAnimDecoderGetInfo(decoder, &info);
    int previous = 0;
    while (WebPAnimDecoderHasMoreFrames(decoder)) {
        uint8_t* pixels = nullptr;
        int timestamp = 0;
        if (!WebPAnimDecoderGetNext(decoder, &pixels, &timestamp))
            break;
        // The timestamp is the frame's end: its delay is the time since the previous one's.
        const QImage image(pixels, int(info.canvas_width), int(info.canvas_height), QImage::Format_RGBA8888);
        frames.push_back({ image.copy(), timestamp - previous });
        previous = timestamp;
    }
    WebPAnimDecoderDelete(decoder);
    return frames;
}

std::vector<Frame> readAnimation(const QString& path)
{
    return path.endsWith(QLatin1String(".gif")) ? readGif(path) : readWebP(path);
}

// Close enough for a colour that went through GIF's 256-colour palette or WebP's encoder.
bool near(QColor a, QColor b)
{
    return std::abs(a.red() - b.red()) <= 12 && std::abs(a.green() - b.green()) <= 12
        && std::abs(a.blue() - b.blue()) <= 12;
}

QByteArray contents(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestAnimation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void plan_data();
    void plan();
    void framesDecode_data();
    void framesDecode();
    void aNameWithoutItsEndingIsRefused();
    void aWriterDroppedLeavesNoFile();
    void aReplayOfTheCircle_data();
    void aReplayOfTheCircle();
    void theChartWithoutItsControls();
    void cancelLeavesNoFile();
    void theDialogRemembers();

private:
    // A window whose run of pool-saturation has ended: a recording of 200 ms and more whose circle,
    // pool and chart change as it goes.
    MainWindow& ranWindow();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestAnimation::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The dialog's remembered choices go to a settings file of the test's own.
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    // An error shown in a message box would wait for a click nobody gives: it is closed, and the export fails.
    auto* closer = new QTimer(this);
    connect(closer, &QTimer::timeout, this, [] {
        for (QWidget* widget : QApplication::topLevelWidgets()) {
            if (auto* box = qobject_cast<QMessageBox*>(widget); box && box->isVisible())
                box->reject();
        }
    });
    closer->start(50);
}

MainWindow& TestAnimation::ranWindow()
{
    if (!m_window) {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280, 800);
        m_window->show();
        m_window->runScenario(QStringLiteral("pool-saturation"));
        // A scenario may start held before its main module, to be stepped: this one runs through. Each test
        // checks that it ended.
        (void)QTest::qWaitFor(
            [this] {
                if (loopscope::Session* session = m_window->session(); session && session->paused())
                    session->resume();
                return m_window->feed()->finished();
            },
            60000);
        for (int i = 0; i < 3; ++i) {
            m_window->feed()->poll();
            QCoreApplication::processEvents();
        }
    }
    return *m_window;
}

void TestAnimation::plan_data()
{
    QTest::addColumn<double>("fromMs");
    QTest::addColumn<double>("toMs");
    QTest::addColumn<double>("speed");
    QTest::addColumn<int>("fps");
    QTest::addColumn<int>("frames");
    QTest::addColumn<double>("stepMs"); // of the recording, from one frame to the next
    QTest::addColumn<double>("delayMs");
    QTest::addColumn<bool>("capped");
    // 200 ms at a tenth of the speed last 2 s: 20 frames at 10 a second, and one more for the range's end.
    QTest::newRow("200 ms at 0.1, 10 fps") << 0.0 << 200.0 << 0.1 << 10 << 21 << 10.0 << 100.0 << false;
    QTest::newRow("from 50 ms") << 50.0 << 250.0 << 0.1 << 10 << 21 << 10.0 << 100.0 << false;
    QTest::newRow("real time, 25 fps") << 0.0 << 1000.0 << 1.0 << 25 << 26 << 40.0 << 40.0 << false;
    // 2.05 s of animation: 21 frames a tenth apart, the last at the range's end.
    QTest::newRow("not a whole number of frames") << 0.0 << 205.0 << 0.1 << 10 << 22 << 10.0 << 100.0 << false;
    QTest::newRow("an empty range is one frame") << 30.0 << 30.0 << 0.1 << 10 << 1 << 10.0 << 100.0 << false;
    // 1.5 s at a hundredth are 150 s: 1501 frames asked, 1000 written, each shown longer.
    QTest::newRow("capped") << 0.0 << 1500.0 << 0.01 << 10 << AnimationPlan::MaxFrames << 1500.0 / 999 << 150000.0 / 999
                            << true;
}

void TestAnimation::plan()
{
    QFETCH(double, fromMs);
    QFETCH(double, toMs);
    QFETCH(double, speed);
    QFETCH(int, fps);
    QFETCH(int, frames);
    QFETCH(double, stepMs);
    QFETCH(double, delayMs);
    QFETCH(bool, capped);
    const auto from = std::int64_t(fromMs * 1e6);
    const auto to = std::int64_t(toMs * 1e6);
    const AnimationPlan plan = AnimationPlan::make(from, to, speed, fps);
    QCOMPARE(plan.frames, frames);
    QCOMPARE(plan.capped, capped);
    QVERIFY2(std::abs(plan.delayMs - delayMs) < 1e-6, qPrintable(QString::number(plan.delayMs)));
    if (frames > 1)
        QVERIFY2(std::abs(plan.stepNs / 1e6 - stepMs) < 1e-6, qPrintable(QString::number(plan.stepNs)));
    // The first frame shows the range's start, the last its end, and the moments go forward.
    QCOMPARE(plan.momentNs(from, to, 0), from);
    QCOMPARE(plan.momentNs(from, to, plan.frames - 1), to);
    for (int i = 1; i < plan.frames; ++i)
        QVERIFY(plan.momentNs(from, to, i) > plan.momentNs(from, to, i - 1));
    // Whole milliseconds that add up to the animation's length.
    long long total = 0;
    for (int i = 0; i < plan.frames; ++i)
        total += plan.delayOf(i);
    QVERIFY2(std::abs(double(total) - plan.frames * plan.delayMs) <= 0.5, qPrintable(QString::number(total)));
}

void TestAnimation::framesDecode_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<int>("precisionMs"); // GIF counts in hundredths of a second
    QTest::newRow("gif") << QStringLiteral("colours.gif") << 100 << 0;
    QTest::newRow("webp") << QStringLiteral("colours.webp") << 100 << 0;
    QTest::newRow("gif at 30 fps") << QStringLiteral("thirty.gif") << 33 << 10;
    QTest::newRow("webp at 30 fps") << QStringLiteral("thirty.webp") << 33 << 0;
}

// Frames of different colours with a moving square: each decodes as it was given, at its size and delay.
void TestAnimation::framesDecode()
{
    QFETCH(QString, name);
    QFETCH(int, delayMs);
    QFETCH(int, precisionMs);
    const QString path = m_dir.filePath(name);
    const QSize size(160, 90);
    const QColor colours[]
        = { QColor(230, 240, 250), QColor(200, 40, 40), QColor(40, 160, 60), QColor(30, 60, 200), QColor(250, 200, 0) };
    AnimationWriter writer;
    QString error;
    QVERIFY2(writer.begin(path, size, &error), qPrintable(error));
    for (int i = 0; i < int(std::size(colours)); ++i) {
        QImage frame(size, QImage::Format_ARGB32_Premultiplied);
        frame.fill(colours[i]);
        for (int y = 10; y < 30; ++y)
            for (int x = 10 + 20 * i; x < 30 + 20 * i; ++x)
                frame.setPixelColor(x, y, Qt::black);
        QVERIFY2(writer.addFrame(frame, delayMs, &error), qPrintable(error));
    }
    QVERIFY(!QFileInfo::exists(path)); // nothing before finish()
    QVERIFY2(writer.finish(&error), qPrintable(error));

    const std::vector<Frame> frames = readAnimation(path);
    QCOMPARE(int(frames.size()), int(std::size(colours)));
    int shown = 0;
    for (int i = 0; i < int(frames.size()); ++i) {
        const QImage& image = frames[i].image;
        QCOMPARE(image.size(), size);
        QVERIFY2(near(image.pixelColor(150, 80), colours[i]), qPrintable(image.pixelColor(150, 80).name()));
        QVERIFY2(near(image.pixelColor(20 + 20 * i, 20), Qt::black), qPrintable(QString::number(i)));
        // The square moved on: where it was is the frame's colour again.
        if (i > 0)
            QVERIFY(near(image.pixelColor(20 + 20 * (i - 1), 20), colours[i]));
        QVERIFY2(std::abs(frames[i].delayMs - delayMs) <= precisionMs, qPrintable(QString::number(frames[i].delayMs)));
        shown += frames[i].delayMs;
    }
    // Rounded delays add up to what was asked.
    QVERIFY2(std::abs(shown - delayMs * int(frames.size())) <= 5, qPrintable(QString::number(shown)));
}

void TestAnimation::aNameWithoutItsEndingIsRefused()
{
    AnimationWriter writer;
    QString error;
    QVERIFY(!writer.begin(m_dir.filePath(QStringLiteral("movie.mp4")), QSize(10, 10), &error));
    QVERIFY2(error.contains(QLatin1String(".gif")) && error.contains(QLatin1String(".webp")), qPrintable(error));
    QCOMPARE(AnimationWriter::formatOf(QStringLiteral("a.GIF")), AnimationWriter::Format::Gif);
    QCOMPARE(AnimationWriter::formatOf(QStringLiteral("a.webp")), AnimationWriter::Format::WebP);
    QVERIFY(!AnimationWriter::formatOf(QStringLiteral("a.png")));
}

void TestAnimation::aWriterDroppedLeavesNoFile()
{
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("dropped")));
    const QString path = m_dir.filePath(QStringLiteral("dropped/kept.gif"));
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("the old file");
    }
    {
        AnimationWriter writer;
        QString error;
        QVERIFY(writer.begin(path, QSize(20, 20), &error));
        QImage frame(20, 20, QImage::Format_RGB32);
        frame.fill(Qt::red);
        QVERIFY(writer.addFrame(frame, 100, &error));
    }
    QCOMPARE(contents(path), QByteArray("the old file"));
    QCOMPARE(QDir(m_dir.filePath(QStringLiteral("dropped"))).entryList(QDir::Files | QDir::Hidden),
        QStringList { QStringLiteral("kept.gif") });
}

void TestAnimation::aReplayOfTheCircle_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("gif") << QStringLiteral("circle.gif");
    QTest::newRow("webp") << QStringLiteral("circle.webp");
}

// 0 to 200 ms of pool-saturation at a tenth of the speed, 10 frames a second: 21 frames of the circle as
// its picture is, which change as the loop goes round; the playhead is back where it was.
void TestAnimation::aReplayOfTheCircle()
{
    QFETCH(QString, name);
    MainWindow& window = ranWindow();
    QVERIFY(window.feed()->finished());
    window.feed()->setPlayhead(std::int64_t(120e6));
    const QString path = m_dir.filePath(name);
    AnimationExport::Range range;
    range.fromMs = 0;
    range.toMs = 200;
    range.speed = 0.1;
    range.fps = 10;
    QVERIFY2(window.files()->exportAnimation(MainWindow::View::Circle, path, range),
        qPrintable(window.files()->lastError()));
    QCOMPARE(window.feed()->playhead(), std::optional<std::int64_t>(std::int64_t(120e6)));

    const std::vector<Frame> frames = readAnimation(path);
    QCOMPARE(int(frames.size()), 21);
    const QSize viewSize = window.phaseWheel()->grab().size();
    int changes = 0;
    for (int i = 0; i < int(frames.size()); ++i) {
        QCOMPARE(frames[i].image.size(), viewSize);
        QCOMPARE(frames[i].delayMs, 100);
        if (i > 0
            && frames[i].image.convertToFormat(QImage::Format_RGB32)
                != frames[i - 1].image.convertToFormat(QImage::Format_RGB32))
            ++changes;
    }
    QVERIFY2(changes >= 3, qPrintable(QString::number(changes)));

    // The first and the last frame are the pictures of 0 and 200 ms, their colours kept: the circle's
    // pastel phases are large flat areas, which a palette chosen for the whole frame at once turned grey.
    for (const auto& [index, atNs] : { std::pair { 0, std::int64_t(0) }, std::pair { 20, std::int64_t(200e6) } }) {
        window.feed()->setPlayhead(atNs);
        const QImage still = window.phaseWheel()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QImage frame = frames[std::size_t(index)].image.convertToFormat(QImage::Format_RGB32);
        int different = 0;
        for (int y = 0; y < still.height(); ++y)
            for (int x = 0; x < still.width(); ++x)
                different += near(frame.pixelColor(x, y), still.pixelColor(x, y)) ? 0 : 1;
        QVERIFY2(different < still.width() * still.height() / 200,
            qPrintable(QStringLiteral("frame %1: %2 pixels differ").arg(index).arg(different)));
    }
    window.feed()->setPlayhead(std::int64_t(120e6));
}

// The chart is drawn as its picture is, without the controls over it.
void TestAnimation::theChartWithoutItsControls()
{
    MainWindow& window = ranWindow();
    QVERIFY(window.feed()->finished());
    const QString path = m_dir.filePath(QStringLiteral("chart.gif"));
    AnimationExport::Range range;
    range.fromMs = 0;
    range.toMs = 50;
    range.speed = 1;
    range.fps = 20;
    QVERIFY2(
        window.files()->exportAnimation(MainWindow::View::Chart, path, range), qPrintable(window.files()->lastError()));
    const std::vector<Frame> frames = readAnimation(path);
    QCOMPARE(int(frames.size()), 2);
    window.feed()->setPlayhead(std::int64_t(50e6));
    const QImage still = window.latencyChart()->picture().toImage().convertToFormat(QImage::Format_RGB32);
    QCOMPARE(frames.back().image.size(), still.size());
    // Every pixel within the palette's reach of the picture of the same moment: no control drawn over it.
    const QImage last = frames.back().image.convertToFormat(QImage::Format_RGB32);
    int different = 0;
    for (int y = 0; y < still.height(); ++y)
        for (int x = 0; x < still.width(); ++x)
            different += near(last.pixelColor(x, y), still.pixelColor(x, y)) ? 0 : 1;
    QVERIFY2(different < still.width() * still.height() / 200, qPrintable(QString::number(different)));
}

// Cancel in the progress dialog: no file, the old one as it was, no error, the playhead back.
void TestAnimation::cancelLeavesNoFile()
{
    MainWindow& window = ranWindow();
    QVERIFY(window.feed()->finished());
    window.feed()->setPlayhead(std::int64_t(30e6));
    const QString path = m_dir.filePath(QStringLiteral("cancelled.webp"));
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("the old file");
    }
    const QString errorBefore = window.files()->lastError();
    int seen = 0;
    QTimer cancel;
    connect(&cancel, &QTimer::timeout, this, [&seen] {
        for (QWidget* widget : QApplication::topLevelWidgets()) {
            auto* progress = qobject_cast<QProgressDialog*>(widget);
            if (progress && progress->isVisible() && progress->value() >= 3) {
                ++seen;
                progress->cancel();
            }
        }
    });
    cancel.start(0);
    AnimationExport::Range range;
    range.speed = 0.01;
    range.fps = 10;
    QVERIFY(!window.files()->exportAnimation(MainWindow::View::Window, path, range));
    cancel.stop();
    QVERIFY(seen >= 1);
    QCOMPARE(contents(path), QByteArray("the old file"));
    QCOMPARE(window.files()->lastError(), errorBefore);
    QCOMPARE(window.feed()->playhead(), std::optional<std::int64_t>(std::int64_t(30e6)));
    for (const QString& file : QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden))
        QVERIFY2(
            !file.contains(QLatin1String("cancelled")) || file == QLatin1String("cancelled.webp"), qPrintable(file));
}

// File > Export animation… starts from the whole recording and the choices made last time.
void TestAnimation::theDialogRemembers()
{
    MainWindow& window = ranWindow();
    QVERIFY(window.feed()->finished());
    {
        AnimationDialog* dialog = window.files()->chooseAnimation();
        QVERIFY(dialog);
        QCOMPARE(dialog->range().fps, 10);
        QVERIFY(dialog->range().toMs.value_or(0) >= 200);
        dialog->setView(MainWindow::View::Timeline);
        dialog->setPath(m_dir.filePath(QStringLiteral("remembered.webp")));
        AnimationExport::Range range = dialog->range();
        range.fromMs = 0;
        range.toMs = 20;
        range.speed = 1;
        range.fps = 15;
        dialog->setRange(range);
        dialog->accept();
    }
    QTRY_VERIFY(QFileInfo::exists(m_dir.filePath(QStringLiteral("remembered.webp"))));
    AnimationDialog* again = window.files()->chooseAnimation();
    QCOMPARE(again->view(), MainWindow::View::Timeline);
    QCOMPARE(again->range().fps, 15);
    QCOMPARE(again->range().speed, 1.0);
    QCOMPARE(again->path(), m_dir.filePath(QStringLiteral("remembered.webp")));
    // The range is the recording's, not the last one's.
    QVERIFY(again->range().toMs.value_or(0) >= 200);
    again->reject();
}

QTEST_MAIN(TestAnimation)
#include "tst_animation.moc"
