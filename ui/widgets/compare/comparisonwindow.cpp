#include "widgets/compare/comparisonwindow.h"

#include "catalog/scenariocatalog.h"
#include "catalog/scenariotexts.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "models/replayplayer.h"
#include "models/statusmodel.h"
#include "models/timemapping.h"
#include "widgets/chart/latencychart.h"
#include "widgets/lanes/poollanesview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/language.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

using loopscope::AwaitModel;
using loopscope::ModuleKind;

namespace {

constexpr const char* GeometryKey = "comparison/geometry";
constexpr const char* PairKey = "comparison/pair";

ComparisonRuns::Side sideOf(const char* scenario, int poolSize = 4)
{
    ComparisonRuns::Side side;
    side.scenario = QString::fromLatin1(scenario);
    side.poolSize = poolSize;
    // The scenario's own module kind and await model: a pair of variants differs in what their files say.
    auto loaded = ScenarioCatalog::loadScenario(side.scenario);
    if (const auto* program = std::get_if<loopscope::Program>(&loaded)) {
        side.module = program->module;
        side.awaitModel = program->awaitModel;
    }
    return side;
}

} // namespace

const std::vector<ComparisonWindow::Pair>& ComparisonWindow::pairs()
{
    static const std::vector<Pair> all = {
        { "cjs-esm-race",
            QT_TRANSLATE_NOOP("ComparisonWindow", "setTimeout(0) or setImmediate: CommonJS against an ES module"),
            sideOf("main-race"), sideOf("main-race-esm") },
        { "cjs-esm-ticks",
            QT_TRANSLATE_NOOP("ComparisonWindow", "nextTick or a promise: CommonJS against an ES module"),
            sideOf("tick-vs-promise"), sideOf("tick-vs-promise-esm") },
        { "await-10-12", QT_TRANSLATE_NOOP("ComparisonWindow", "await: Node 10's three ticks against Node 12's one"),
            sideOf("await-order-node10"), sideOf("await-order") },
        { "pool-4-8", QT_TRANSLATE_NOOP("ComparisonWindow", "A full thread pool: four threads against eight"),
            sideOf("pool-saturation", 4), sideOf("pool-saturation", 8) },
        { "inline-chunked", QT_TRANSLATE_NOOP("ComparisonWindow", "A report inline against in chunks"),
            sideOf("price-report-inline"), sideOf("price-report-chunked") },
        { "chunked-worker", QT_TRANSLATE_NOOP("ComparisonWindow", "A report in chunks against in a worker"),
            sideOf("price-report-chunked"), sideOf("price-report-worker") },
        { "tick-immediate-starvation",
            QT_TRANSLATE_NOOP("ComparisonWindow", "Starving a timer: nextTick against setImmediate"),
            sideOf("nexttick-starvation"), sideOf("nexttick-starvation-immediate") },
        { "timeout-immediate-chunks",
            QT_TRANSLATE_NOOP("ComparisonWindow", "Yielding between steps: setTimeout(0) against setImmediate"),
            sideOf("compute-timeout"), sideOf("compute-immediate") },
        { "parse-pbkdf2sync", QT_TRANSLATE_NOOP("ComparisonWindow", "Blocking the loop: JSON.parse against pbkdf2Sync"),
            sideOf("json-parse"), sideOf("pbkdf2-sync") },
    };
    return all;
}

ComparisonWindow::ComparisonWindow(QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_runs(new ComparisonRuns(this))
{
    setObjectName(QStringLiteral("comparisonWindow"));
    setAttribute(Qt::WA_DeleteOnClose, false);

    m_pair = new QComboBox(this);
    m_pair->setObjectName(QStringLiteral("comparisonPair"));
    for (const Pair& pair : pairs())
        m_pair->addItem(QString(), QString::fromLatin1(pair.id));
    m_run = new QPushButton(this);
    m_run->setObjectName(QStringLiteral("comparisonRun"));
    m_run->setShortcut(QKeySequence(QStringLiteral("Ctrl+Return")));
    m_run->setDefault(true);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("comparisonStatus"));
    m_status->setWordWrap(true);
    auto* top = new QHBoxLayout;
    top->addWidget(m_pair, 2);
    top->addWidget(m_run);
    top->addWidget(m_status, 3);

    auto* sides = new QSplitter(Qt::Horizontal, this);
    sides->setChildrenCollapsible(false);
    sides->addWidget(makePane(0));
    sides->addWidget(makePane(1));

    m_play = new QPushButton(this);
    m_play->setObjectName(QStringLiteral("comparisonPlay"));
    m_play->setShortcut(QKeySequence(Qt::Key_P));
    m_speed = new QComboBox(this);
    for (const double speed : ReplayPlayer::Speeds)
        m_speed->addItem(QString(), speed);
    m_speed->setCurrentIndex(1);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("comparisonPlayhead"));
    m_slider->setEnabled(false);
    m_time = new QLabel(this);
    m_time->setMinimumWidth(m_time->fontMetrics().horizontalAdvance(QStringLiteral("000.00 ms / 000.00 ms")));
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_play);
    bottom->addWidget(m_speed);
    bottom->addWidget(m_slider, 1);
    bottom->addWidget(m_time);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(sides, 1);
    layout->addLayout(bottom);

    connect(m_pair, &QComboBox::activated, this, [this](int index) {
        choosePair(m_pair->itemData(index).toString());
        QSettings().setValue(QLatin1String(PairKey), m_pair->itemData(index));
    });
    connect(m_run, &QPushButton::clicked, this, &ComparisonWindow::run);
    connect(m_runs, &ComparisonRuns::running, this, [this](int side) {
        m_runningSide = side;
        setTexts();
    });
    connect(m_runs, &ComparisonRuns::finished, this, &ComparisonWindow::onFinished);
    connect(m_slider, &QSlider::valueChanged, this, [this](int us) {
        if (!m_playTimer.isActive() || std::abs(std::int64_t(us) * 1000 - m_atNs) > 1000)
            setAtNs(std::int64_t(us) * 1000);
    });
    connect(m_play, &QPushButton::clicked, this, &ComparisonWindow::play);
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
        // Playing on from where the playhead is, at the new speed.
        m_playFromNs = m_atNs;
        m_playClock.restart();
    });
    m_playTimer.setInterval(30);
    connect(&m_playTimer, &QTimer::timeout, this, &ComparisonWindow::advance);

    const QString saved = QSettings().value(QLatin1String(PairKey)).toString();
    if (!choosePair(saved))
        choosePair(QString::fromLatin1(pairs().front().id));
    restoreGeometry(QSettings().value(QLatin1String(GeometryKey)).toByteArray());
    if (size().width() < 800)
        resize(1400, 880);
    Language::follow(this, [this] { setTexts(); });
}

ComparisonWindow::~ComparisonWindow()
{
    QSettings().setValue(QLatin1String(GeometryKey), saveGeometry());
    m_runs->cancel();
}

QWidget* ComparisonWindow::makePane(int index)
{
    Pane& pane = m_panes.at(std::size_t(index));
    auto* widget = new QWidget(this);
    pane.scenario = new QComboBox(widget);
    pane.scenario->setObjectName(QStringLiteral("comparisonScenario%1").arg(index));
    for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
        pane.scenario->addItem(entry.name, entry.name);
    pane.module = new QComboBox(widget);
    pane.module->addItems({ QString(), QString() });
    pane.awaitModel = new QComboBox(widget);
    pane.awaitModel->addItems({ QString(), QString() });
    pane.poolSize = new QSpinBox(widget);
    pane.poolSize->setRange(1, 128);
    pane.poolSize->setValue(4);
    for (QComboBox* combo : { pane.scenario, pane.module, pane.awaitModel })
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* controls = new QHBoxLayout;
    controls->addWidget(pane.scenario, 1);
    controls->addWidget(pane.module);
    controls->addWidget(pane.awaitModel);
    controls->addWidget(pane.poolSize);
    pane.title = new QLabel(widget);
    pane.title->setWordWrap(true);
    QFont bold = pane.title->font();
    bold.setBold(true);
    pane.title->setFont(bold);

    pane.feed = new LiveFeed(this);
    pane.status = new StatusModel(pane.feed, this);
    pane.console = new ConsoleModel(pane.feed, this);
    connect(pane.feed, &LiveFeed::reset, pane.console, &ConsoleModel::clear);
    pane.wheel = new PhaseWheel(pane.feed, pane.status, widget);
    pane.timeline = new TimelineView(pane.feed, widget);
    pane.chart = new LatencyChart(pane.feed, widget);
    auto* consoleView = new QTreeView(widget);
    consoleView->setModel(pane.console);
    consoleView->setRootIsDecorated(false);
    consoleView->setUniformRowHeights(true);
    consoleView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    consoleView->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    consoleView->header()->setStretchLastSection(true);
    pane.views = new QTabWidget(widget);
    pane.views->addTab(pane.timeline, QString());
    pane.views->addTab(pane.chart, QString());
    pane.views->addTab(consoleView, QString());
    pane.views->addTab(new PoolLanesView(pane.feed, widget), QString());
    pane.views->setCurrentIndex(2);
    // Both sides show the same view: a comparison of unlike things teaches nothing.
    connect(pane.views, &QTabWidget::currentChanged, this, [this](int tab) {
        for (Pane& other : m_panes)
            other.views->setCurrentIndex(tab);
    });

    auto* stack = pane.stack = new QSplitter(Qt::Vertical, widget);
    stack->addWidget(pane.wheel);
    stack->addWidget(pane.views);
    stack->setChildrenCollapsible(false);
    // Both sides at the same sizes, whatever each shows and whichever the user drags: shares by the
    // stretch alone, not by what their contents would like.
    for (QWidget* part : { static_cast<QWidget*>(pane.wheel), static_cast<QWidget*>(pane.views) })
        part->setSizePolicy(part->sizePolicy().horizontalPolicy(), QSizePolicy::Ignored);
    stack->setStretchFactor(0, 3);
    stack->setStretchFactor(1, 2);
    connect(stack, &QSplitter::splitterMoved, this, [this, stack] {
        for (Pane& other : m_panes) {
            if (other.stack != stack)
                other.stack->setSizes(stack->sizes());
        }
    });
    auto* layout = new QVBoxLayout(widget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(pane.title);
    layout->addWidget(stack, 1);
    return widget;
}

void ComparisonWindow::setTexts()
{
    setWindowTitle(tr("Compare two runs — LoopScope"));
    for (int i = 0; i < m_pair->count(); ++i) {
        const auto& pair = pairs().at(std::size_t(i));
        m_pair->setItemText(i, tr(pair.title));
    }
    m_pair->setToolTip(tr("The comparisons the articles make: pick one to set both sides as it compares them."));
    m_run->setText(tr("Run both"));
    m_run->setToolTip(tr("Runs the left side, then the right, each to its end in a LoopScope process of its own "
                         "(a thread pool has the size its process starts with). (%1)")
                          .arg(m_run->shortcut().toString(QKeySequence::NativeText)));
    m_play->setText(m_playTimer.isActive() ? tr("Pause") : tr("Play"));
    m_play->setToolTip(tr("Moves the playhead of both runs on together, from each run's start. (P)"));
    for (int i = 0; i < m_speed->count(); ++i)
        m_speed->setItemText(i, ReplayPlayer::speedName(m_speed->itemData(i).toDouble()));
    m_slider->setToolTip(tr("The moment both sides show, counted from each run's start."));
    for (Pane& pane : m_panes) {
        pane.module->setItemText(0, tr("CommonJS"));
        pane.module->setItemText(1, tr("ES module"));
        pane.module->setToolTip(tr("Runs the scenario's main module as CommonJS or as an ES module (whose body is "
                                   "itself a promise job)."));
        pane.awaitModel->setItemText(0, tr("Node 12+ await"));
        pane.awaitModel->setItemText(1, tr("Node 10 await"));
        pane.awaitModel->setToolTip(
            tr("What an await of a native promise costs: one microtask tick since Node 12, three in Node 10."));
        pane.poolSize->setToolTip(tr("libuv's thread pool size for this side (UV_THREADPOOL_SIZE)."));
        pane.poolSize->setPrefix(tr("pool "));
        pane.scenario->setToolTip(tr("The built-in scenario this side runs."));
        pane.views->setTabText(0, tr("Timeline"));
        pane.views->setTabText(1, tr("Latency"));
        pane.views->setTabText(2, tr("Console"));
        pane.views->setTabText(3, tr("Thread pool"));
    }
    for (int index = 0; index < 2; ++index) {
        Pane& pane = m_panes.at(std::size_t(index));
        const ComparisonRuns::Side what = side(index);
        auto loaded = ScenarioCatalog::loadScenario(what.scenario);
        const auto* program = std::get_if<loopscope::Program>(&loaded);
        pane.title->setText(
            program && !program->title.empty() ? ScenarioTexts::translate(program->title) : what.scenario);
        pane.title->setToolTip(ComparisonRuns::describe(what));
    }
    m_status->setText(statusText());
    showTime();
}

void ComparisonWindow::showTime()
{
    m_time->setText(tr("%1 / %2").arg(TimeMapping::formatDuration(m_atNs), TimeMapping::formatDuration(m_lengthNs)));
}

QString ComparisonWindow::statusText() const
{
    if (m_runs->isRunning())
        return m_runningSide == 0 ? tr("Running the left side…") : tr("Running the right side…");
    if (!m_error.isEmpty())
        return m_error;
    if (!m_runs->recording(0) || !m_runs->recording(1))
        return tr("Choose what each side runs, then Run both.");
    const auto lasted = [this](int index) {
        LiveFeed* shown = m_panes.at(std::size_t(index)).feed;
        return TimeMapping::formatDuration(shown->lastEndNs() - shown->firstNs());
    };
    return tr("The left run lasted %1, the right one %2.").arg(lasted(0), lasted(1));
}

bool ComparisonWindow::choosePair(const QString& id)
{
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const Pair& pair = pairs().at(i);
        if (id != QLatin1String(pair.id))
            continue;
        m_pair->setCurrentIndex(int(i));
        setSide(0, pair.left);
        setSide(1, pair.right);
        return true;
    }
    return false;
}

ComparisonRuns::Side ComparisonWindow::side(int index) const
{
    const Pane& pane = m_panes.at(std::size_t(index));
    ComparisonRuns::Side result;
    result.scenario = pane.scenario->currentData().toString();
    result.module = pane.module->currentIndex() == 1 ? ModuleKind::Esm : ModuleKind::Cjs;
    result.awaitModel = pane.awaitModel->currentIndex() == 1 ? AwaitModel::Node10 : AwaitModel::Node12;
    result.poolSize = pane.poolSize->value();
    return result;
}

void ComparisonWindow::setSide(int index, const ComparisonRuns::Side& side)
{
    Pane& pane = m_panes.at(std::size_t(index));
    pane.scenario->setCurrentIndex(std::max(0, pane.scenario->findData(side.scenario)));
    pane.module->setCurrentIndex(side.module == ModuleKind::Esm ? 1 : 0);
    pane.awaitModel->setCurrentIndex(side.awaitModel == AwaitModel::Node10 ? 1 : 0);
    pane.poolSize->setValue(side.poolSize);
    setTexts();
}

void ComparisonWindow::run()
{
    m_playTimer.stop();
    m_error.clear();
    for (Pane& pane : m_panes)
        pane.feed->setRecording(nullptr);
    m_slider->setEnabled(false);
    m_run->setEnabled(false);
    m_runs->start(side(0), side(1));
    setTexts();
}

void ComparisonWindow::onFinished(const QString& error)
{
    m_runningSide = -1;
    m_run->setEnabled(true);
    m_error = error;
    if (error.isEmpty()) {
        m_lengthNs = 0;
        for (int index = 0; index < 2; ++index) {
            Pane& pane = m_panes.at(std::size_t(index));
            pane.feed->setRecording(m_runs->recording(index));
            pane.feed->poll();
            m_lengthNs = std::max(m_lengthNs, pane.feed->lastEndNs() - pane.feed->firstNs());
        }
        const QSignalBlocker blocker(m_slider);
        m_slider->setRange(0, int(std::min<std::int64_t>(m_lengthNs / 1000, INT_MAX)));
        m_slider->setEnabled(true);
        // Both runs shown to their ends first: what each printed, side by side.
        setAtNs(m_lengthNs);
    }
    setTexts();
}

void ComparisonWindow::setAtNs(std::int64_t ns)
{
    m_atNs = std::clamp<std::int64_t>(ns, 0, m_lengthNs);
    for (Pane& pane : m_panes) {
        if (!pane.feed->recording())
            continue;
        pane.feed->setPlayhead(pane.feed->firstNs() + m_atNs);
        pane.feed->poll();
    }
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(int(std::min<std::int64_t>(m_atNs / 1000, INT_MAX)));
    showTime();
}

void ComparisonWindow::play()
{
    if (m_playTimer.isActive()) {
        m_playTimer.stop();
    } else if (m_lengthNs > 0) {
        if (m_atNs >= m_lengthNs)
            setAtNs(0);
        m_playFromNs = m_atNs;
        m_playClock.start();
        m_playTimer.start();
    }
    setTexts();
}

void ComparisonWindow::advance()
{
    const double speed = m_speed->currentData().toDouble();
    setAtNs(m_playFromNs + std::int64_t(double(m_playClock.nsecsElapsed()) * speed));
    if (m_atNs >= m_lengthNs) {
        m_playTimer.stop();
        setTexts();
    }
}
