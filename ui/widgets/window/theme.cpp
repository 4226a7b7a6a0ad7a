#include "widgets/window/theme.h"

#include <QApplication>
#include <QSettings>
#include <QStyleFactory>

namespace {

const char* const ThemeKey = "window/theme";

} // namespace

QPalette Theme::palette(Mode mode)
{
    QPalette palette;
    const bool dark = mode == Mode::Dark;
    const QColor window = dark ? QColor(0x1e, 0x22, 0x27) : QColor(0xf4, 0xf5, 0xf7);
    const QColor base = dark ? QColor(0x14, 0x17, 0x1b) : QColor(0xff, 0xff, 0xff);
    const QColor text = dark ? QColor(0xe6, 0xe8, 0xeb) : QColor(0x1b, 0x1f, 0x23);
    const QColor muted = dark ? QColor(0x8b, 0x94, 0x9e) : QColor(0x6a, 0x73, 0x7d);
    const QColor button = dark ? QColor(0x2b, 0x30, 0x37) : QColor(0xe9, 0xeb, 0xee);
    const QColor highlight = dark ? QColor(0x3d, 0x8b, 0xd6) : QColor(0x24, 0x6f, 0xc4);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, dark ? QColor(0x1a, 0x1e, 0x23) : QColor(0xf6, 0xf8, 0xfa));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::PlaceholderText, muted);
    palette.setColor(QPalette::Button, button);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x55, 0x55));
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    palette.setColor(QPalette::ToolTipBase, dark ? QColor(0x2b, 0x30, 0x37) : QColor(0xff, 0xfd, 0xe8));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::Link, highlight);
    palette.setColor(QPalette::Light, dark ? QColor(0x3a, 0x40, 0x48) : QColor(0xff, 0xff, 0xff));
    palette.setColor(QPalette::Midlight, dark ? QColor(0x33, 0x38, 0x40) : QColor(0xdc, 0xdf, 0xe3));
    palette.setColor(QPalette::Mid, dark ? QColor(0x2a, 0x2f, 0x35) : QColor(0xc4, 0xc9, 0xcf));
    palette.setColor(QPalette::Dark, dark ? QColor(0x10, 0x12, 0x15) : QColor(0xa0, 0xa6, 0xad));
    palette.setColor(QPalette::Shadow, QColor(0, 0, 0));
    for (const auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        palette.setColor(QPalette::Disabled, role, muted);
    return palette;
}

void Theme::apply(Mode mode)
{
    if (QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(fusion);
    QApplication::setPalette(palette(mode));
}

Theme::Mode Theme::saved()
{
    return QSettings().value(QLatin1String(ThemeKey)).toString() == QLatin1String("dark") ? Mode::Dark : Mode::Light;
}

void Theme::save(Mode mode)
{
    QSettings().setValue(
        QLatin1String(ThemeKey), mode == Mode::Dark ? QStringLiteral("dark") : QStringLiteral("light"));
}
