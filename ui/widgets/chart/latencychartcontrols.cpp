// LatencyChart: its row of controls (scale, fixed top, ghost) with the legend beside them, and the
// settings they remember.
#include "widgets/chart/latencychart.h"

#include "models/phasecolors.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSettings>
#include <QSpinBox>

#include <algorithm>

namespace {

const char* const ScaleKey = "latencyChart/scale";
const char* const FixedTopKey = "latencyChart/fixedTopMs";
const char* const GhostKey = "latencyChart/ghost";

QString scaleName(LatencyScale scale)
{
    switch (scale) {
    case LatencyScale::Fixed:
        return QStringLiteral("fixed");
    case LatencyScale::Log:
        return QStringLiteral("log");
    case LatencyScale::Auto:
        break;
    }
    return QStringLiteral("auto");
}

LatencyScale scaleOfName(const QString& name)
{
    if (name == QLatin1String("fixed"))
        return LatencyScale::Fixed;
    if (name == QLatin1String("log"))
        return LatencyScale::Log;
    return LatencyScale::Auto;
}

} // namespace

void LatencyChart::loadSettings()
{
    QSettings settings;
    m_scale = scaleOfName(settings.value(QLatin1String(ScaleKey)).toString());
    m_fixedTopMs = std::clamp(settings.value(QLatin1String(FixedTopKey), 100).toDouble(), 1.0, 600000.0);
    m_keepGhost = settings.value(QLatin1String(GhostKey), false).toBool(); // no ghost unless asked
}

void LatencyChart::buildControls()
{
    m_controls = new QWidget(this);
    m_controls->setObjectName(QStringLiteral("latencyControls"));
    auto* row = new QHBoxLayout(m_controls);
    row->setContentsMargins(8, 0, 6, 0);
    row->setSpacing(6);

    m_legend = new QLabel(m_controls);
    m_legend->setObjectName(QStringLiteral("latencyLegend"));
    m_legend->setTextFormat(Qt::RichText);
    // It takes the room the controls leave; where that is too little for the names, it shows short ones.
    m_legend->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    row->addWidget(m_legend, 1);

    m_scaleBox = new QComboBox(m_controls);
    m_scaleBox->setObjectName(QStringLiteral("latencyScale"));
    // One word each: the control row shares a narrow dock with the legend.
    for (const LatencyScale scale : { LatencyScale::Auto, LatencyScale::Fixed, LatencyScale::Log })
        m_scaleBox->addItem(QString(), int(scale));
    m_scaleBox->setCurrentIndex(m_scaleBox->findData(int(m_scale)));
    row->addWidget(m_scaleBox);

    m_topBox = new QSpinBox(m_controls);
    m_topBox->setObjectName(QStringLiteral("latencyFixedTop"));
    m_topBox->setRange(1, 600000);
    m_topBox->setValue(int(m_fixedTopMs));
    // Only the fixed scale has a top to set; hidden otherwise, it leaves the legend room.
    m_topBox->setVisible(m_scale == LatencyScale::Fixed);
    row->addWidget(m_topBox);

    m_ghostBox = new QCheckBox(m_controls);
    m_ghostBox->setObjectName(QStringLiteral("latencyGhost"));
    m_ghostBox->setChecked(m_keepGhost);
    row->addWidget(m_ghostBox);

    connect(m_scaleBox, &QComboBox::activated, this,
        [this](int index) { setScale(LatencyScale(m_scaleBox->itemData(index).toInt())); });
    connect(m_topBox, &QSpinBox::valueChanged, this, [this](int ms) { setFixedTopMs(ms); });
    connect(m_ghostBox, &QCheckBox::toggled, this, &LatencyChart::setKeepGhost);
}

void LatencyChart::setControlTexts()
{
    m_legend->setToolTip(tr("<p><b>loop delay</b>: how much later than planned the loop got to the delay "
                            "monitor's check, beyond its resolution.</p><p><b>/health</b>: how long the built-in "
                            "server took to answer; a diamond is a probe that got no answer.</p><p><b>utilisation"
                            "</b> (right axis): the share of time the loop ran code.</p><p><b>previous run</b>: "
                            "the loop delay of the run before this one.</p>"));
    // One word each: the control row shares a narrow dock with the legend.
    m_scaleBox->setItemText(0, tr("Auto", "scale of the ms axis"));
    m_scaleBox->setItemText(1, tr("Fixed", "scale of the ms axis"));
    m_scaleBox->setItemText(2, tr("Log", "scale of the ms axis"));
    m_scaleBox->setAccessibleName(tr("Scale of the millisecond axis"));
    m_scaleBox->setToolTip(tr("<p><b>Auto</b> grows the millisecond axis to the highest step in view.</p>"
                              "<p><b>Fixed</b> keeps the top you set, so runs of the same work done inline, in "
                              "chunks or on a worker compare at the same height.</p>"
                              "<p><b>Log</b> shows 0.01 ms and 1000 ms on one axis, a decade per grid line: "
                              "small jitter and long blocks both stay readable.</p>"));
    m_topBox->setSuffix(tr(" ms"));
    m_topBox->setAccessibleName(tr("Top of the fixed scale"));
    m_topBox->setToolTip(tr("The top of the fixed scale in milliseconds. Anything taller is cut at the top "
                            "and its height is written there."));
    m_ghostBox->setText(tr("Previous", "keep the previous run as a ghost line"));
    m_ghostBox->setAccessibleName(tr("Keep the previous run as a ghost line"));
    m_ghostBox->setToolTip(tr("When a new run starts, the loop delay of the previous one stays as a faint grey "
                              "line, aligned to its start, so you can compare the two: the same work inline, "
                              "chunked, or on a worker."));
}

void LatencyChart::layoutTopRow()
{
    // What the controls beside the legend leave of the row (margins and spacing included).
    const QMargins margins = m_controls->layout()->contentsMargins();
    const int spacing = m_controls->layout()->spacing();
    int room = width() - margins.left() - margins.right() - m_scaleBox->sizeHint().width()
        - m_ghostBox->sizeHint().width() - 2 * spacing;
    if (m_topBox->isVisible())
        room -= m_topBox->sizeHint().width() + spacing;
    // The names, or short names, or the short names on two lines: never cut.
    if (m_legendFullWidth <= room)
        m_legend->setText(m_legendFull);
    else if (m_legendShortWidth <= room)
        m_legend->setText(m_legendShort);
    else
        m_legend->setText(m_legendTwoLines);
    const int height = m_controls->sizeHint().height();
    m_controls->setGeometry(0, 2, width(), height);
    chart()->setMargins(QMargins(4, height + 2, 4, 2));
}

void LatencyChart::updateLegend()
{
    // A legend of its own, in one row with the controls: the chart's legend would take a row for itself.
    const QColor base = palette().color(QPalette::Base);
    auto entry = [&base](const QColor& color, const QString& glyph, const QString& name) {
        // A translucent pen is shown as it looks on the chart's background.
        const double a = color.alphaF();
        const QColor seen = QColor::fromRgbF(float(color.redF() * a + base.redF() * (1 - a)),
            float(color.greenF() * a + base.greenF() * (1 - a)), float(color.blueF() * a + base.blueF() * (1 - a)));
        return QStringLiteral("<span style=\"color:%1\">%2</span>&nbsp;%3")
            .arg(seen.name(QColor::HexRgb), glyph, name.toHtmlEscaped());
    };
    const QString line = QStringLiteral("\u2501\u2501");
    const QString dotted = QStringLiteral("\u2505\u2505");
    struct Entry
    {
        QColor color;
        QString glyph;
        QString name;
        QString shortName;
    };
    std::vector<Entry> entries { { m_delay->pen().color(), line, m_delay->name(), tr("delay") },
        { m_health->pen().color(), line, m_health->name(), tr("/health") },
        { m_healthFailed->color(), QStringLiteral("\u25c6"), m_healthFailed->name(), tr("failed") },
        { m_elu->pen().color(), dotted, m_elu->name(), tr("busy") } };
    if (m_ghost->isVisible())
        entries.push_back({ m_ghost->pen().color(), line, m_ghost->name(), tr("previous") });
    QStringList full;
    QStringList compact;
    QString plain;
    QString plainShort;
    for (const Entry& e : entries) {
        full.append(entry(e.color, e.glyph, e.name));
        compact.append(entry(e.color, e.glyph, e.shortName));
        plain += e.glyph + QLatin1Char(' ') + e.name + QStringLiteral("   ");
        plainShort += e.glyph + QLatin1Char(' ') + e.shortName + QStringLiteral("   ");
    }
    const QString gap = QStringLiteral(" &nbsp; ");
    m_legendFull = full.join(gap);
    m_legendShort = compact.join(gap);
    const qsizetype firstLine = (compact.size() + 1) / 2;
    m_legendTwoLines = compact.mid(0, firstLine).join(gap) + QStringLiteral("<br>") + compact.mid(firstLine).join(gap);
    m_legendFullWidth = m_legend->fontMetrics().horizontalAdvance(plain);
    m_legendShortWidth = m_legend->fontMetrics().horizontalAdvance(plainShort);
    layoutTopRow();
}

void LatencyChart::setScale(LatencyScale scale)
{
    m_scale = scale;
    m_scaleBox->setCurrentIndex(m_scaleBox->findData(int(scale)));
    m_topBox->setVisible(scale == LatencyScale::Fixed);
    layoutTopRow();
    saveSettings();
    refresh();
}

void LatencyChart::setFixedTopMs(double ms)
{
    m_fixedTopMs = std::clamp(ms, 1.0, 600000.0);
    const QSignalBlocker quiet(m_topBox);
    m_topBox->setValue(int(std::lround(m_fixedTopMs)));
    saveSettings();
    refresh();
}

void LatencyChart::setKeepGhost(bool keep)
{
    m_keepGhost = keep;
    const QSignalBlocker quiet(m_ghostBox);
    m_ghostBox->setChecked(keep);
    if (!keep)
        m_ghostSteps.clear();
    saveSettings();
    refresh();
}

void LatencyChart::saveSettings() const
{
    QSettings settings;
    settings.setValue(QLatin1String(ScaleKey), scaleName(m_scale));
    settings.setValue(QLatin1String(FixedTopKey), m_fixedTopMs);
    settings.setValue(QLatin1String(GhostKey), m_keepGhost);
}

void LatencyChart::withoutControls(const std::function<void()>& draw)
{
    QWidget* const controls[] = { m_scaleBox, m_topBox, m_ghostBox };
    bool shown[std::size(controls)] = {};
    for (std::size_t i = 0; i < std::size(controls); ++i) {
        shown[i] = !controls[i]->isHidden();
        controls[i]->setVisible(false);
    }
    draw();
    for (std::size_t i = 0; i < std::size(controls); ++i)
        controls[i]->setVisible(shown[i]);
}

QPixmap LatencyChart::picture()
{
    QPixmap drawn;
    withoutControls([&] { drawn = grab(); });
    return drawn;
}
