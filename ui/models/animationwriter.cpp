#include "models/animationwriter.h"

#include "formats/atomicfile.h"

#include <QFileInfo>

#include <gif_lib.h>
#include <webp/encode.h>
#include <webp/mux.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

// What each format's encoder does with the frames; the file is written by AnimationWriter::finish().
class AnimationWriter::Encoder
{
public:
    virtual ~Encoder() = default;
    // A frame in QImage::Format_RGBA8888, shown for delayMs.
    virtual bool add(const QImage& frame, int delayMs, QString* error) = 0;
    // The whole file's bytes.
    virtual bool finish(std::string* bytes, QString* error) = 0;
};

namespace {

// libwebp's and giflib's own words for what went wrong, as the message's reason.
QString gifError(int code)
{
    const char* said = GifErrorString(code);
    return said ? QString::fromLatin1(said) : QStringLiteral("giflib error %1").arg(code);
}

} // namespace

// GIF through giflib. Each frame is written as the rectangle that changed since the frame before, drawn
// over it (disposal "do not dispose"), with a palette of its own that GifQuantizeBuffer makes for that
// rectangle: the views change a little at a time, so most frames are small. Delays are hundredths of a
// second, rounded so that their running sum follows the times asked for.
class AnimationWriter::GifEncoder : public AnimationWriter::Encoder
{
public:
    bool start(QSize size, QString* error)
    {
        int code = D_GIF_SUCCEEDED;
        m_gif = EGifOpen(&m_bytes, &GifEncoder::output, &code);
        if (!m_gif) {
            *error = AnimationWriter::tr("cannot start a GIF: %1").arg(gifError(code));
            return false;
        }
        EGifSetGifVersion(m_gif, true);
        if (EGifPutScreenDesc(m_gif, size.width(), size.height(), 8, 0, nullptr) == GIF_ERROR)
            return failed(error);
        // NETSCAPE2.0: loop for ever (a count of 0), as animations on slides do.
        static const GifByteType netscape[] = { 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0' };
        static const GifByteType always[] = { 1, 0, 0 };
        if (EGifPutExtensionLeader(m_gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR
            || EGifPutExtensionBlock(m_gif, sizeof netscape, netscape) == GIF_ERROR
            || EGifPutExtensionBlock(m_gif, sizeof always, always) == GIF_ERROR
            || EGifPutExtensionTrailer(m_gif) == GIF_ERROR)
            return failed(error);
        return true;
    }

    ~GifEncoder() override
    {
        if (m_gif)
            EGifCloseFile(m_gif, nullptr);
    }

    bool add(const QImage& frame, int delayMs, QString* error) override
    {
        const QRect changed = m_previous.isNull() ? frame.rect() : changedRect(frame);
        m_previous = frame;

        GraphicsControlBlock control {};
        control.DisposalMode = DISPOSE_DO_NOT;
        control.UserInputFlag = false;
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        const long long before = std::llround(m_shownMs / 10.0);
        m_shownMs += delayMs;
        control.DelayTime = int(std::llround(m_shownMs / 10.0) - before);
        GifByteType extension[4];
        EGifGCBToExtension(&control, extension);
        if (EGifPutExtension(m_gif, GRAPHICS_EXT_FUNC_CODE, sizeof extension, extension) == GIF_ERROR)
            return failed(error);

        // The rectangle's palette and each pixel's index in it.
        const int width = changed.width();
        const int height = changed.height();
        std::vector<GifByteType> indices(std::size_t(width) * std::size_t(height));
        GifColorType palette[256] = {};
        const int used = choosePalette(frame, changed, palette, indices, error);
        if (used == 0)
            return false;
        // The smallest map that holds them, as GIF sizes maps in powers of two: a frame that changed little
        // has few colours.
        int mapSize = 2;
        while (mapSize < used)
            mapSize *= 2;
        ColorMapObject* map = GifMakeMapObject(mapSize, palette);
        if (!map) {
            *error = AnimationWriter::tr("out of memory for the GIF frame's colours");
            return false;
        }
        const bool described
            = EGifPutImageDesc(m_gif, changed.left(), changed.top(), width, height, false, map) != GIF_ERROR;
        GifFreeMapObject(map);
        if (!described)
            return failed(error);
        for (int y = 0; y < height; ++y) {
            if (EGifPutLine(m_gif, indices.data() + std::size_t(y) * std::size_t(width), width) == GIF_ERROR)
                return failed(error);
        }
        return true;
    }

    bool finish(std::string* bytes, QString* error) override
    {
        int code = E_GIF_SUCCEEDED;
        const bool closed = EGifCloseFile(m_gif, &code) == GIF_OK;
        m_gif = nullptr; // freed by EGifCloseFile either way
        if (!closed) {
            *error = AnimationWriter::tr("cannot finish the GIF: %1").arg(gifError(code));
            return false;
        }
        *bytes = std::move(m_bytes);
        return true;
    }

private:
    static int output(GifFileType* gif, const GifByteType* data, int length)
    {
        static_cast<std::string*>(gif->UserData)->append(reinterpret_cast<const char*>(data), std::size_t(length));
        return length;
    }

    bool failed(QString* error) const
    {
        *error = AnimationWriter::tr("cannot write the GIF: %1").arg(gifError(m_gif ? m_gif->Error : 0));
        return false;
    }

    // The views are flat colours and their anti-aliased edges: a frame's colours that cover the most pixels
    // go into the palette as they are (all of them when there are 256 or fewer, and the frame is exact), and
    // GifQuantizeBuffer chooses the rest of the palette for the remaining pixels, each of which then takes
    // the nearest colour of the palette. (Quantizing the whole frame blends a large flat area with its
    // neighbours: the circle's pastel phases came out grey.)
    // Returns the palette's size, 0 when it could not be made.
    static int choosePalette(
        const QImage& frame, QRect rect, GifColorType* palette, std::vector<GifByteType>& indices, QString* error)
    {
        constexpr std::size_t Exact = 192; // the most used colours, as they are; GifQuantizeBuffer the rest
        const auto rgbAt = [&](int x, int y) {
            const uchar* pixel = frame.constScanLine(rect.top() + y) + 4 * (rect.left() + x);
            return quint32(pixel[0]) << 16 | quint32(pixel[1]) << 8 | quint32(pixel[2]);
        };
        std::unordered_map<quint32, std::size_t> counts;
        for (int y = 0; y < rect.height(); ++y)
            for (int x = 0; x < rect.width(); ++x)
                ++counts[rgbAt(x, y)];
        std::vector<std::pair<std::size_t, quint32>> byUse;
        byUse.reserve(counts.size());
        for (const auto& [rgb, count] : counts)
            byUse.emplace_back(count, rgb);
        std::sort(byUse.begin(), byUse.end(), std::greater<>());
        const std::size_t exact = byUse.size() <= 256 ? byUse.size() : Exact;
        std::unordered_map<quint32, GifByteType> index;
        int size = 0;
        for (std::size_t i = 0; i < exact; ++i, ++size) {
            const quint32 rgb = byUse[i].second;
            palette[size] = { GifByteType(rgb >> 16), GifByteType(rgb >> 8), GifByteType(rgb) };
            index.emplace(rgb, GifByteType(size));
        }
        if (exact < byUse.size()) {
            // The remaining colours, each as often as it is used, as one row for GifQuantizeBuffer.
            std::vector<GifByteType> red, green, blue;
            for (std::size_t i = exact; i < byUse.size(); ++i) {
                const auto [count, rgb] = byUse[i];
                red.insert(red.end(), count, GifByteType(rgb >> 16));
                green.insert(green.end(), count, GifByteType(rgb >> 8));
                blue.insert(blue.end(), count, GifByteType(rgb));
            }
            int chosen = 256 - int(exact);
            std::vector<GifByteType> unused(red.size());
            if (GifQuantizeBuffer(unsigned(red.size()), 1, &chosen, red.data(), green.data(), blue.data(),
                    unused.data(), palette + exact)
                == GIF_ERROR) {
                *error = AnimationWriter::tr("cannot choose the GIF frame's colours");
                return 0;
            }
            size += chosen;
        }
        const auto nearest = [&](quint32 rgb) {
            const int r = int(rgb >> 16), g = int((rgb >> 8) & 0xff), b = int(rgb & 0xff);
            int best = 0;
            int bestDistance = INT_MAX;
            for (int i = 0; i < size; ++i) {
                const int dr = palette[i].Red - r, dg = palette[i].Green - g, db = palette[i].Blue - b;
                const int distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
                if (distance < bestDistance) {
                    bestDistance = distance;
                    best = i;
                }
            }
            return GifByteType(best);
        };
        for (int y = 0; y < rect.height(); ++y) {
            for (int x = 0; x < rect.width(); ++x) {
                const quint32 rgb = rgbAt(x, y);
                auto found = index.find(rgb);
                if (found == index.end())
                    found = index.emplace(rgb, nearest(rgb)).first;
                indices[std::size_t(y) * std::size_t(rect.width()) + std::size_t(x)] = found->second;
            }
        }
        return size;
    }

    // The smallest rectangle holding every pixel that differs from the frame before; a frame like the one
    // before is one pixel, which a GIF frame must have.
    QRect changedRect(const QImage& frame) const
    {
        int top = frame.height(), bottom = -1, left = frame.width(), right = -1;
        const std::size_t rowBytes = std::size_t(frame.width()) * 4;
        for (int y = 0; y < frame.height(); ++y) {
            const auto* now = reinterpret_cast<const quint32*>(frame.constScanLine(y));
            const auto* before = reinterpret_cast<const quint32*>(m_previous.constScanLine(y));
            if (std::memcmp(now, before, rowBytes) == 0)
                continue;
            top = std::min(top, y);
            bottom = y;
            int x = 0;
            while (now[x] == before[x])
                ++x;
            left = std::min(left, x);
            x = frame.width() - 1;
            while (now[x] == before[x])
                --x;
            right = std::max(right, x);
        }
        return bottom < 0 ? QRect(0, 0, 1, 1) : QRect(QPoint(left, top), QPoint(right, bottom));
    }

    GifFileType* m_gif = nullptr;
    std::string m_bytes;
    QImage m_previous;
    double m_shownMs = 0;
};

// Animated WebP through libwebp's WebPAnimEncoder, lossless: the views' lines and text stay sharp, and the
// encoder itself keeps only what changed between frames.
class AnimationWriter::WebPEncoder : public AnimationWriter::Encoder
{
public:
    bool start(QSize size, QString* error)
    {
        WebPAnimEncoderOptions options;
        if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&m_config)) {
            *error = AnimationWriter::tr("this libwebp is not the one LoopScope was built with");
            return false;
        }
        options.anim_params.loop_count = 0; // for ever
        m_config.lossless = 1;
        // Lossless effort: the fastest two of libwebp's methods compress these flat pictures nearly as well.
        m_config.method = 1;
        m_config.quality = 50;
        m_encoder = WebPAnimEncoderNew(size.width(), size.height(), &options);
        if (!m_encoder || !WebPValidateConfig(&m_config)) {
            *error = AnimationWriter::tr("cannot start an animated WebP of %1×%2 pixels")
                         .arg(size.width())
                         .arg(size.height());
            return false;
        }
        return true;
    }

    ~WebPEncoder() override
    {
        if (m_encoder)
            WebPAnimEncoderDelete(m_encoder);
    }

    bool add(const QImage& frame, int delayMs, QString* error) override
    {
        WebPPicture picture;
        if (!WebPPictureInit(&picture))
            return false;
        picture.use_argb = 1;
        picture.width = frame.width();
        picture.height = frame.height();
        const bool added = WebPPictureImportRGBA(&picture, frame.constBits(), int(frame.bytesPerLine()))
            && WebPAnimEncoderAdd(m_encoder, &picture, m_timestampMs, &m_config);
        WebPPictureFree(&picture);
        if (!added) {
            *error = AnimationWriter::tr("cannot add a frame to the WebP: %1")
                         .arg(QString::fromUtf8(WebPAnimEncoderGetError(m_encoder)));
            return false;
        }
        m_timestampMs += delayMs;
        return true;
    }

    bool finish(std::string* bytes, QString* error) override
    {
        // A last call without a picture says how long the last frame shows.
        WebPData data;
        WebPDataInit(&data);
        const bool assembled = WebPAnimEncoderAdd(m_encoder, nullptr, m_timestampMs, nullptr)
            && WebPAnimEncoderAssemble(m_encoder, &data);
        if (!assembled) {
            *error = AnimationWriter::tr("cannot finish the WebP: %1")
                         .arg(QString::fromUtf8(WebPAnimEncoderGetError(m_encoder)));
            return false;
        }
        bytes->assign(reinterpret_cast<const char*>(data.bytes), data.size);
        WebPDataClear(&data);
        return true;
    }

private:
    WebPAnimEncoder* m_encoder = nullptr;
    WebPConfig m_config;
    int m_timestampMs = 0;
};

std::optional<AnimationWriter::Format> AnimationWriter::formatOf(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("gif"))
        return Format::Gif;
    if (suffix == QLatin1String("webp"))
        return Format::WebP;
    return std::nullopt;
}

AnimationWriter::AnimationWriter() = default;
AnimationWriter::~AnimationWriter() = default;

bool AnimationWriter::begin(const QString& path, QSize size, QString* error)
{
    m_encoder.reset();
    m_frames = 0;
    m_path = path;
    m_size = size;
    const std::optional<Format> format = formatOf(path);
    if (!format) {
        *error = tr("%1: an animation is written as .gif or .webp").arg(path);
        return false;
    }
    if (size.isEmpty()) {
        *error = tr("%1: there is nothing to draw (the view has no size)").arg(path);
        return false;
    }
    QString why;
    bool started = false;
    if (*format == Format::Gif) {
        auto gif = std::make_unique<GifEncoder>();
        started = gif->start(size, &why);
        m_encoder = std::move(gif);
    } else {
        auto webp = std::make_unique<WebPEncoder>();
        started = webp->start(size, &why);
        m_encoder = std::move(webp);
    }
    if (!started) {
        m_encoder.reset();
        *error = QStringLiteral("%1: %2").arg(path, why);
    }
    return started;
}

bool AnimationWriter::addFrame(const QImage& frame, int delayMs, QString* error)
{
    if (!m_encoder) {
        *error = tr("%1: the animation was not started").arg(m_path);
        return false;
    }
    if (frame.size() != m_size) {
        *error = tr("%1: a frame of %2×%3 pixels in an animation of %4×%5 (the view changed its size)")
                     .arg(m_path)
                     .arg(frame.width())
                     .arg(frame.height())
                     .arg(m_size.width())
                     .arg(m_size.height());
        return false;
    }
    QString why;
    if (!m_encoder->add(frame.convertToFormat(QImage::Format_RGBA8888), delayMs, &why)) {
        *error = QStringLiteral("%1: %2").arg(m_path, why);
        return false;
    }
    ++m_frames;
    return true;
}

bool AnimationWriter::finish(QString* error)
{
    if (!m_encoder || m_frames == 0) {
        *error = tr("%1: an animation needs a frame at least").arg(m_path);
        return false;
    }
    std::string bytes;
    QString why;
    const bool encoded = m_encoder->finish(&bytes, &why);
    m_encoder.reset();
    if (!encoded) {
        *error = QStringLiteral("%1: %2").arg(m_path, why);
        return false;
    }
    std::string written;
    if (loopscope::writeFileAtomically(m_path.toStdString(), bytes, &written))
        return true;
    *error = QString::fromStdString(written);
    return false;
}
