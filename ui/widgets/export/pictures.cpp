#include "widgets/export/pictures.h"

#include "formats/atomicfile.h"

#include <QBuffer>
#include <QDateTime>
#include <QFileInfo>
#include <QFontDatabase>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

#include <algorithm>

namespace {

QString suffixOf(const QString& path)
{
    return QFileInfo(path).suffix().toLower();
}

// More characters than a console line of the report can show: a longer line (60 MB, say) is cut before
// it is measured, which costs in proportion to its length.
constexpr int MostCharactersInALine = 1000;

// Writes what was drawn into memory to `path` as every output is written (loopscope::writeFileAtomically):
// a failure leaves the old file and no partial one, and says why.
bool writeDrawn(const QString& path, const QByteArray& bytes, QString* error)
{
    std::string why;
    if (loopscope::writeFileAtomically(
            path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())), &why))
        return true;
    *error = QString::fromStdString(why);
    return false;
}

// Draws `widget` into an SVG generator: every shape and glyph becomes a vector path.
bool drawSvg(QWidget& widget, QSvgGenerator& svg)
{
    svg.setSize(widget.size());
    svg.setViewBox(QRect(QPoint(), widget.size()));
    svg.setTitle(widget.accessibleName().isEmpty() ? widget.windowTitle() : widget.accessibleName());
    QPainter painter;
    if (!painter.begin(&svg))
        return false;
    widget.render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    return painter.end();
}

// Paints `widget` into `target` scaled to fit, keeping its proportions, as the image grab() takes:
// a view of 800 pixels in a box of 300 points prints at about 190 dpi.
void paintFitted(QPainter& painter, const QImage& image, const QRectF& target)
{
    const QSizeF size = image.deviceIndependentSize();
    if (size.isEmpty())
        return;
    const double scale = std::min(target.width() / size.width(), target.height() / size.height());
    painter.drawImage(QRectF(target.topLeft(), size * scale), image);
}

void paintFitted(QPainter& painter, QWidget& widget, const QRectF& target)
{
    paintFitted(painter, widget.grab().toImage(), target);
}

} // namespace

QString Pictures::filters()
{
    return tr("PNG image (*.png);;SVG drawing (*.svg)");
}

bool Pictures::save(QWidget& widget, const QString& path, QString* error)
{
    const QString suffix = suffixOf(path);
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg")) {
        *error = tr("%1: a picture is written as .png or .svg").arg(path);
        return false;
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool drawn = false;
    if (suffix == QLatin1String("png")) {
        drawn = widget.grab().save(&buffer, "PNG");
    } else {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setDescription(tr("Drawn by LoopScope"));
        drawn = drawSvg(widget, svg) && !bytes.isEmpty();
    }
    if (!drawn) {
        *error = tr("%1: cannot draw the picture").arg(path);
        return false;
    }
    return writeDrawn(path, bytes, error);
}

bool Pictures::saveReport(const Report& report, const QString& path, QString* error)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageOrientation(QPageLayout::Landscape);
    pdf.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
    pdf.setTitle(tr("LoopScope report: %1").arg(report.title));
    pdf.setCreator(QStringLiteral("LoopScope"));
    QPainter painter;
    if (!painter.begin(&pdf)) {
        *error = tr("%1: cannot draw the report").arg(path);
        return false;
    }
    // Laid out in points (1/72 inch) times the writer's resolution: no scaled painter, which the SVG
    // renderer of the pictures would not keep.
    const double pt = pdf.resolution() / 72.0;
    const QRectF page(0, 0, pdf.width(), pdf.height());

    QFont heading = painter.font();
    heading.setPointSizeF(16);
    heading.setBold(true);
    painter.setFont(heading);
    painter.drawText(QRectF(page.left(), page.top(), page.width(), 24 * pt), Qt::AlignLeft | Qt::AlignVCenter,
        tr("LoopScope report: %1").arg(report.title));
    QFont small = painter.font();
    small.setPointSizeF(8);
    small.setBold(false);
    painter.setFont(small);
    painter.drawText(QRectF(page.left(), page.top() + 24 * pt, page.width(), 14 * pt), Qt::AlignLeft | Qt::AlignVCenter,
        QLocale().toString(QDateTime::currentDateTime(), QLocale::LongFormat));

    const double top = page.top() + 46 * pt;
    const double column = page.width() * 0.42;
    const double gap = 14 * pt;
    // Left: the circle above the console.
    const QRectF circleBox(page.left(), top, column, page.height() * 0.42);
    if (report.circle)
        paintFitted(painter, *report.circle, circleBox);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(8);
    painter.setFont(mono);
    const QFontMetricsF monoMetrics(mono, &pdf);
    double y = circleBox.bottom() + gap;
    painter.drawText(QRectF(page.left(), y, column, monoMetrics.height()), Qt::AlignLeft, tr("Console"));
    y += monoMetrics.height() * 1.5;
    for (const QString& line : report.console) {
        if (y + 2 * monoMetrics.height() > page.bottom()) {
            painter.drawText(QRectF(page.left(), y, column, monoMetrics.height()), Qt::AlignLeft, tr("…"));
            break;
        }
        painter.drawText(QRectF(page.left(), y, column, monoMetrics.height()), Qt::AlignLeft,
            monoMetrics.elidedText(line.left(MostCharactersInALine), Qt::ElideRight, column));
        y += monoMetrics.height();
    }
    // Right: the latency chart above the summary.
    const double right = page.left() + column + gap;
    const double width = page.right() - right;
    const QRectF chartBox(right, top, width, page.height() * 0.42);
    if (!report.chart.isNull())
        paintFitted(painter, report.chart.toImage(), chartBox);
    painter.setFont(mono);
    painter.drawText(QRectF(right, chartBox.bottom() + gap, width, page.bottom() - chartBox.bottom() - gap),
        Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, report.summary);
    if (!painter.end()) {
        *error = tr("%1: cannot draw the report").arg(path);
        return false;
    }
    return writeDrawn(path, bytes, error);
}
