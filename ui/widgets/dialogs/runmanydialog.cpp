#include "widgets/dialogs/runmanydialog.h"

#include "control/nodecalibration.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>

namespace {

const char* const RunsKey = "runMany/runs";
constexpr int DefaultRuns = 100;
// A run that takes longer is taken for one that never ends (a server, an endless chain).
constexpr std::chrono::seconds RunTimeout { 30 };
constexpr int Padding = 8;

// The most frequent first; ties keep the order they came in.
QList<OutputBars::Output> mostFrequentFirst(QList<OutputBars::Output> outputs)
{
    std::stable_sort(outputs.begin(), outputs.end(),
        [](const OutputBars::Output& a, const OutputBars::Output& b) { return a.runs > b.runs; });
    return outputs;
}

QString joinedLines(const QStringList& lines)
{
    return lines.isEmpty() ? OutputBars::tr("(no output)") : lines.join(QStringLiteral("  →  "));
}

} // namespace

OutputBars::OutputBars(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("outputBars"));
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Outputs over many runs"));
    setToolTip(tr("Each bar is one distinct console output, its lines in the order printed; its length is "
                  "the share of runs that printed it."));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    describe();
}

QString OutputBars::countText(int runs, int totalRuns)
{
    const double percent = totalRuns > 0 ? 100.0 * runs / totalRuns : 0;
    return tr("%L1 of %L2 runs (%L3 %)").arg(runs).arg(totalRuns).arg(percent, 0, 'f', 0);
}

void OutputBars::setOutputs(const QList<Output>& outputs, int totalRuns)
{
    m_outputs = outputs;
    m_totalRuns = totalRuns;
    describe();
    updateGeometry();
    update();
}

void OutputBars::describe()
{
    QStringList rows;
    for (const Output& output : m_outputs)
        rows << countText(output.runs, m_totalRuns) + QStringLiteral(": ") + joinedLines(output.lines);
    setAccessibleDescription(rows.isEmpty() ? tr("No runs yet.") : rows.join(QStringLiteral("; ")));
}

int OutputBars::rowHeight() const
{
    return 2 * fontMetrics().lineSpacing() + 3 * Padding / 2 + Padding;
}

QSize OutputBars::sizeHint() const
{
    return { 40 * fontMetrics().averageCharWidth(), int(std::max<qsizetype>(1, m_outputs.size())) * rowHeight() };
}

QSize OutputBars::minimumSizeHint() const
{
    return { 24 * fontMetrics().averageCharWidth(), rowHeight() };
}

void OutputBars::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.lineSpacing();
    const int width = this->width() - 2 * Padding;
    if (m_outputs.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(
            rect().adjusted(Padding, 0, -Padding, 0), Qt::AlignLeft | Qt::AlignVCenter, tr("No runs yet: press Run."));
        return;
    }
    const QColor bar = palette().color(QPalette::Highlight);
    QColor track = palette().color(QPalette::Text);
    track.setAlphaF(0.08);
    QFont bold = font();
    bold.setBold(true);
    for (qsizetype i = 0; i < m_outputs.size(); ++i) {
        const Output& output = m_outputs[i];
        const int top = int(i) * rowHeight() + Padding / 2;
        // The output itself, then its bar with the count beside it.
        painter.setFont(font());
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRect(Padding, top, width, line), Qt::AlignLeft | Qt::AlignVCenter,
            metrics.elidedText(joinedLines(output.lines), Qt::ElideRight, width));
        const QString count = countText(output.runs, m_totalRuns);
        painter.setFont(bold);
        const int countWidth = QFontMetrics(bold).horizontalAdvance(count) + Padding;
        const int barWidth = std::max(0, width - countWidth);
        const QRectF barRect(Padding, top + line + Padding / 2, barWidth, line + Padding / 2);
        painter.setPen(Qt::NoPen);
        painter.setBrush(track);
        painter.drawRoundedRect(barRect, 3, 3);
        const double share = m_totalRuns > 0 ? double(output.runs) / m_totalRuns : 0;
        painter.setBrush(bar);
        painter.drawRoundedRect(
            QRectF(barRect.left(), barRect.top(), std::max(2.0, barWidth * share), barRect.height()), 3, 3);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRectF(barRect.right() + Padding, barRect.top(), countWidth, barRect.height()),
            Qt::AlignLeft | Qt::AlignVCenter, count);
    }
}

RunManyDialog::RunManyDialog(loopscope::Program program, QWidget* parent)
    : QDialog(parent)
    , m_program(std::move(program))
    , m_offscreen(new OffscreenRuns(this))
{
    setObjectName(QStringLiteral("runManyDialog"));
    const QString name = QString::fromStdString(m_program.name);
    setWindowTitle(tr("Run many times: %1").arg(name));
    auto* layout = new QVBoxLayout(this);

    auto* explanation = new QLabel(
        tr("Runs %1 again and again, each time on a fresh loop, and counts what each run printed. When the order "
           "depends on timing (a race), more than one output appears, each about as often as the loop's clock "
           "decides it; nothing is drawn at random.")
            .arg(name),
        this);
    explanation->setWordWrap(true);
    layout->addWidget(explanation);
    // Which machine's Node the runs' start-up costs come from: the race's proportions depend on it.
    const std::optional<NodeCalibration::Result> calibration = NodeCalibration::stored();
    auto* costs = new QLabel(calibration
            ? tr("Node's costs as measured on this machine with Node.js %1 (%2).")
                  .arg(calibration->version, QLocale().toString(calibration->when, QLocale::ShortFormat))
            : tr("Node's costs as Node 20 spent them on the development machine: Loop > Calibrate with this "
                 "machine's Node.js… measures this machine's, so the proportions are its Node's."),
        this);
    costs->setObjectName(QStringLiteral("runManyCosts"));
    costs->setWordWrap(true);
    layout->addWidget(costs);

    auto* controls = new QHBoxLayout;
    auto* runsLabel = new QLabel(tr("&Runs:"), this);
    m_runs = new QSpinBox(this);
    m_runs->setObjectName(QStringLiteral("runCount"));
    m_runs->setRange(1, 1000);
    m_runs->setValue(QSettings().value(QLatin1String(RunsKey), DefaultRuns).toInt());
    m_runs->setToolTip(tr("How many times to run the program. A hundred runs show a race's proportions to "
                          "within a few runs in a hundred."));
    runsLabel->setBuddy(m_runs);
    m_run = new QPushButton(tr("Run"), this);
    m_run->setObjectName(QStringLiteral("runManyButton"));
    m_run->setDefault(true);
    m_stop = new QPushButton(tr("Stop"), this);
    m_stop->setToolTip(tr("Stops after the run in progress; the runs so far stay counted (Esc)."));
    m_progress = new QProgressBar(this);
    m_progress->setFormat(tr("%v of %m runs"));
    m_progress->setValue(0);
    controls->addWidget(runsLabel);
    controls->addWidget(m_runs);
    controls->addWidget(m_run);
    controls->addWidget(m_stop);
    controls->addWidget(m_progress, 1);
    layout->addLayout(controls);

    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("runManyVerdict"));
    m_verdict->setWordWrap(true);
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    layout->addWidget(m_verdict);

    m_bars = new OutputBars(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_bars);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(scroll, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_run, &QPushButton::clicked, this, &RunManyDialog::run);
    connect(m_stop, &QPushButton::clicked, m_offscreen, &OffscreenRuns::stop);
    connect(m_offscreen, &OffscreenRuns::progressed, this, &RunManyDialog::showRuns);
    connect(m_offscreen, &OffscreenRuns::finished, this, &RunManyDialog::finishRuns);
    setRunning(false);
    resize(640, 360);
}

void RunManyDialog::run()
{
    if (isRunning())
        return;
    const int total = m_runs->value();
    QSettings().setValue(QLatin1String(RunsKey), total);
    m_offscreen->start(m_program, total, RunTimeout);
    setRunning(true);
    showRuns({}, 0, total);
}

void RunManyDialog::showRuns(const QList<OutputBars::Output>& outputs, int done, int total)
{
    m_progress->setMaximum(total);
    m_progress->setValue(done);
    int counted = 0;
    for (const OutputBars::Output& output : outputs)
        counted += output.runs;
    m_bars->setOutputs(mostFrequentFirst(outputs), counted);
    m_verdict->setText(verdictText());
}

void RunManyDialog::finishRuns(bool timedOut)
{
    setRunning(false);
    m_verdict->setText(timedOut ? tr("A run did not end within %L1 s, so the program may never end on its own (a "
                                     "server, an endless chain); the runs before it are counted.")
                                      .arg(RunTimeout.count())
                                : verdictText());
}

QString RunManyDialog::verdictText() const
{
    const QList<OutputBars::Output>& outputs = m_bars->outputs();
    int runs = 0;
    for (const OutputBars::Output& output : outputs)
        runs += output.runs;
    if (runs == 0)
        return {};
    if (outputs.size() == 1)
        return tr("Every run so far (%L1) printed the same output: this order does not depend on timing.").arg(runs);
    // Two outputs take two runs at least.
    return tr("%L1 different outputs in %L2 runs: the order depends on timing, a race.").arg(outputs.size()).arg(runs);
}

void RunManyDialog::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_runs->setEnabled(!running);
    m_stop->setEnabled(running);
}

void RunManyDialog::reject()
{
    if (isRunning()) {
        m_offscreen->stop();
        return;
    }
    QDialog::reject();
}
