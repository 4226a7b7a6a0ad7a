#pragma once

#include <QPalette>

// The light and dark palettes of the window. Phase colours (PhaseColors) read
// on both; everything else is taken from the palette.
class Theme
{
public:
    enum class Mode { Light, Dark };

    static QPalette palette(Mode mode);
    // Applies `mode` to the whole application, with the Fusion style so both palettes look alike everywhere.
    static void apply(Mode mode);
    // The mode remembered in QSettings (light by default).
    static Mode saved();
    static void save(Mode mode);
    static Mode toggled(Mode mode) { return mode == Mode::Dark ? Mode::Light : Mode::Dark; }
};
