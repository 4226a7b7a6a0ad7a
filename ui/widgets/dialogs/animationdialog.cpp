#include "widgets/dialogs/animationdialog.h"

#include "models/animationplan.h"
#include "models/animationwriter.h"
#include "models/replayplayer.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace {

constexpr auto ViewKey = "animation/view";
constexpr auto SpeedKey = "animation/speed";
constexpr auto FpsKey = "animation/fps";
constexpr auto PathKey = "animation/path";

} // namespace

AnimationDialog::AnimationDialog(std::int64_t firstNs, std::int64_t lastNs, QWidget* parent)
    : QDialog(parent)
    , m_firstNs(firstNs)
    , m_lastNs(std::max(firstNs, lastNs))
{
    setWindowTitle(tr("Export animation"));
    auto* intro = new QLabel(tr("Replays a stretch of the recording and writes what a view shows, frame by frame, as "
                                "an animation for slides and web pages. The view is drawn as File > Export picture "
                                "draws it."),
        this);
    intro->setWordWrap(true);

    m_view = new QComboBox(this);
    m_view->addItem(tr("Circle"), int(MainWindow::View::Circle));
    m_view->addItem(tr("Latency chart"), int(MainWindow::View::Chart));
    m_view->addItem(tr("Timeline"), int(MainWindow::View::Timeline));
    m_view->addItem(tr("Whole window"), int(MainWindow::View::Window));
    m_view->setToolTip(tr("What each frame shows: the circle of phases, the latency chart (without its controls), "
                          "the timeline, or the whole window, at the size it has on the screen now."));

    const double firstMs = m_firstNs / 1e6;
    const double lastMs = m_lastNs / 1e6;
    const auto msBox = [this, firstMs, lastMs](double value) {
        auto* box = new QDoubleSpinBox(this);
        box->setDecimals(1);
        box->setRange(firstMs, lastMs);
        box->setSuffix(tr(" ms"));
        box->setValue(value);
        return box;
    };
    m_from = msBox(firstMs);
    m_from->setToolTip(tr("Where the animation starts, in milliseconds of the recording as the timeline's ruler "
                          "counts them. At first the recording's start."));
    m_to = msBox(lastMs);
    m_to->setToolTip(tr("Where it ends: its last frame shows this moment. At first the recording's end."));

    m_speed = new QComboBox(this);
    for (const double speed : ReplayPlayer::Speeds)
        m_speed->addItem(ReplayPlayer::speedName(speed), speed);
    m_speed->setToolTip(tr("How fast the recording plays in the animation, as Replay speed plays it: at 1/10, "
                           "a millisecond of the program lasts ten."));

    m_fps = new QSpinBox(this);
    m_fps->setRange(1, AnimationPlan::MaxFps);
    m_fps->setToolTip(tr("Frames a second. 10 keeps a GIF small; more makes the motion smoother and the file "
                         "larger. GIF counts time in hundredths of a second, so up to %1.")
                          .arg(AnimationPlan::MaxFps));

    m_path = new QLineEdit(this);
    m_path->setPlaceholderText(tr("a file ending in .gif or .webp"));
    m_path->setToolTip(tr(".gif plays everywhere, with 256 colours a frame; .webp keeps every colour and is "
                          "usually smaller, for browsers and presentation programs that show it."));
    auto* browse = new QPushButton(tr("Choose…"), this);
    browse->setToolTip(tr("Chooses the file in a file dialog."));
    connect(browse, &QPushButton::clicked, this, &AnimationDialog::choosePath);
    auto* file = new QHBoxLayout;
    file->addWidget(m_path, 1);
    file->addWidget(browse);

    auto* form = new QFormLayout;
    form->addRow(tr("View:"), m_view);
    form->addRow(tr("From:"), m_from);
    form->addRow(tr("To:"), m_to);
    form->addRow(tr("Speed:"), m_speed);
    form->addRow(tr("Frames a second:"), m_fps);
    form->addRow(tr("File:"), file);

    m_note = new QLabel(this);
    m_note->setWordWrap(true);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addStretch(1);
    layout->addWidget(m_buttons);

    const QSettings settings;
    const int view = m_view->findData(settings.value(QLatin1String(ViewKey), int(MainWindow::View::Circle)).toInt());
    m_view->setCurrentIndex(std::max(0, view));
    // The replay's own speed until one was chosen here.
    const double speed
        = settings.value(QLatin1String(SpeedKey), settings.value(QStringLiteral("replay/speed"), 0.1)).toDouble();
    int speedIndex = m_speed->findData(0.1);
    for (int i = 0; i < m_speed->count(); ++i) {
        if (qFuzzyCompare(m_speed->itemData(i).toDouble(), speed))
            speedIndex = i;
    }
    m_speed->setCurrentIndex(speedIndex);
    m_fps->setValue(settings.value(QLatin1String(FpsKey), 10).toInt());
    m_path->setText(settings.value(QLatin1String(PathKey)).toString());

    connect(m_from, &QDoubleSpinBox::valueChanged, this, &AnimationDialog::refresh);
    connect(m_to, &QDoubleSpinBox::valueChanged, this, &AnimationDialog::refresh);
    connect(m_speed, &QComboBox::currentIndexChanged, this, &AnimationDialog::refresh);
    connect(m_fps, &QSpinBox::valueChanged, this, &AnimationDialog::refresh);
    connect(m_path, &QLineEdit::textChanged, this, &AnimationDialog::refresh);
    refresh();
    resize(std::max(520, sizeHint().width()), sizeHint().height());
}

MainWindow::View AnimationDialog::view() const
{
    return MainWindow::View(m_view->currentData().toInt());
}

void AnimationDialog::setView(MainWindow::View view)
{
    m_view->setCurrentIndex(std::max(0, m_view->findData(int(view))));
}

AnimationExport::Range AnimationDialog::range() const
{
    AnimationExport::Range range;
    range.fromMs = m_from->value();
    range.toMs = m_to->value();
    range.speed = m_speed->currentData().toDouble();
    range.fps = m_fps->value();
    return range;
}

void AnimationDialog::setRange(const AnimationExport::Range& range)
{
    m_from->setValue(range.fromMs.value_or(m_firstNs / 1e6));
    m_to->setValue(range.toMs.value_or(m_lastNs / 1e6));
    for (int i = 0; i < m_speed->count(); ++i) {
        if (qFuzzyCompare(m_speed->itemData(i).toDouble(), range.speed))
            m_speed->setCurrentIndex(i);
    }
    m_fps->setValue(range.fps);
}

QString AnimationDialog::path() const
{
    return m_path->text().trimmed();
}

void AnimationDialog::setPath(const QString& path)
{
    m_path->setText(path);
}

void AnimationDialog::save() const
{
    QSettings settings;
    settings.setValue(QLatin1String(ViewKey), int(view()));
    settings.setValue(QLatin1String(SpeedKey), m_speed->currentData().toDouble());
    settings.setValue(QLatin1String(FpsKey), m_fps->value());
    settings.setValue(QLatin1String(PathKey), path());
}

void AnimationDialog::accept()
{
    save();
    QDialog::accept();
}

void AnimationDialog::choosePath()
{
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export animation"), path(), tr("GIF animation (*.gif);;WebP animation (*.webp)"));
    if (!chosen.isEmpty())
        m_path->setText(chosen);
}

// What the choices make, and whether they can be made.
void AnimationDialog::refresh()
{
    const auto fromNs = std::int64_t(m_from->value() * 1e6);
    const auto toNs = std::int64_t(m_to->value() * 1e6);
    const AnimationExport::Range chosen = range();
    QString note;
    bool possible = true;
    if (toNs <= fromNs) {
        note = tr("The end must come after the start.");
        possible = false;
    } else {
        const AnimationPlan plan = AnimationPlan::make(fromNs, toNs, chosen.speed, chosen.fps);
        const double seconds = plan.frames * plan.delayMs / 1000;
        note = tr("%n frames, %1 s long.", "", plan.frames).arg(QLocale().toString(seconds, 'f', 1));
        if (plan.capped)
            note += QLatin1Char(' ') + AnimationExport::cappedText(plan) + QLatin1Char('.');
    }
    if (path().isEmpty()) {
        possible = false;
    } else if (!AnimationWriter::formatOf(path())) {
        note += QLatin1Char(' ') + tr("The file's name must end in .gif or .webp.");
        possible = false;
    }
    m_note->setText(note);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(possible);
}
