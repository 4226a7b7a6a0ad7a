#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

#include <memory>
#include <optional>

// An animated picture written frame by frame with Debian's own encoders: animated WebP through libwebp's
// WebPAnimEncoder, GIF through giflib (each frame's colours chosen by GifQuantizeBuffer, its delay in a
// Graphic Control Extension, the NETSCAPE2.0 extension to loop). The file is made in memory and written
// only by finish(), as every output is written (loopscope::writeFileAtomically): a writer dropped before
// finish() leaves no file, and an old file under the name stays as it was.
class AnimationWriter
{
    Q_DECLARE_TR_FUNCTIONS(AnimationWriter)

public:
    enum class Format { Gif, WebP };
    // The format a file name asks for by its ending (.gif, .webp), or nothing.
    static std::optional<Format> formatOf(const QString& path);

    AnimationWriter();
    ~AnimationWriter();
    AnimationWriter(const AnimationWriter&) = delete;
    AnimationWriter& operator=(const AnimationWriter&) = delete;

    // Starts an animation of frames of `size` pixels for `path`, in the format its ending names; false with
    // the reason in *error when the ending names none or the encoder cannot start.
    bool begin(const QString& path, QSize size, QString* error);
    // Adds `frame` (of the size begin() was given), shown for `delayMs` milliseconds. GIF counts time in
    // hundredths of a second: its delays are rounded so that their sum stays within 5 ms of the sum asked.
    bool addFrame(const QImage& frame, int delayMs, QString* error);
    // Encodes what was added and writes the file; false with the reason (naming the file) in *error.
    bool finish(QString* error);
    int frameCount() const { return m_frames; }

private:
    class Encoder;
    class GifEncoder;
    class WebPEncoder;

    QString m_path;
    QSize m_size;
    int m_frames = 0;
    std::unique_ptr<Encoder> m_encoder;
};
