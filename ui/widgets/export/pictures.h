#pragma once

#include <QCoreApplication>
#include <QPixmap>
#include <QString>
#include <QStringList>

class QWidget;

// Pictures of what the window shows, for slides and reports: any view as PNG, or as SVG whose
// shapes and text are vector paths (Qt SVG's generator paints the widget; no bitmap is embedded),
// and a one-page PDF report of a run.
class Pictures
{
    Q_DECLARE_TR_FUNCTIONS(Pictures)

public:
    // Writes `widget` as it is drawn now: PNG for a .png path, SVG for .svg; false with the reason in
    // *error otherwise or when the file cannot be written.
    static bool save(QWidget& widget, const QString& path, QString* error);

    // What a report holds: the program's title, its console, the summary of its recording, and the
    // circle and the latency chart as drawn now.
    struct Report
    {
        QString title;
        QStringList console;
        QString summary;
        QWidget* circle = nullptr;
        QPixmap chart; // the latency chart without its controls (LatencyChart::picture)
    };
    // Writes `report` as one A4 page of PDF.
    static bool saveReport(const Report& report, const QString& path, QString* error);

    // The file dialog filters for save(): PNG, SVG.
    static QString filters();
};
