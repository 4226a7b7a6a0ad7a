#include "formats/gzip.h"

#include <algorithm>
#include <limits>

namespace loopscope {

namespace {

constexpr std::size_t BufferBytes = 1 << 16;
// Inflated output is handed on in pieces of this size.
constexpr std::size_t InflatedPieceBytes = 1 << 20;
// windowBits 15 with 16 added: a gzip header and trailer around the deflate stream; 32 added when
// inflating: a zlib or a gzip header, told apart by the data.
constexpr int GzipWindowBits = 15 + 16;
constexpr int AnyHeaderWindowBits = 15 + 32;

} // namespace

bool hasGzipSuffix(std::string_view path)
{
    return path.size() > 3 && path.substr(path.size() - 3) == ".gz";
}

bool isGzip(std::string_view bytes)
{
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f
        && static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(std::string_view compressed, const InflateSink& sink)
{
    z_stream zip {};
    if (inflateInit2(&zip, AnyHeaderWindowBits) != Z_OK)
        return "cannot start decompressing";
    std::string problem;
    std::vector<char> chunk(InflatedPieceBytes);
    std::size_t offset = 0;
    while (problem.empty() && offset < compressed.size()) {
        // zlib counts in uInt: feed at most 1 GiB at a time.
        const std::size_t feed = std::min<std::size_t>(compressed.size() - offset, std::size_t(1) << 30);
        zip.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data() + offset));
        zip.avail_in = uInt(feed);
        int status = Z_OK;
        do {
            zip.next_out = reinterpret_cast<Bytef*>(chunk.data());
            zip.avail_out = uInt(chunk.size());
            status = inflate(&zip, Z_NO_FLUSH);
            if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
                problem = "corrupt gzip data";
                break;
            }
            const std::size_t got = chunk.size() - zip.avail_out;
            problem = sink({ chunk.data(), got }, offset + feed - zip.avail_in);
            if (!problem.empty())
                break;
            if (status == Z_BUF_ERROR && got == 0)
                break;
            // A full output chunk may leave more output inside zlib with no input left.
        } while (status != Z_STREAM_END && (zip.avail_in > 0 || zip.avail_out == 0));
        offset += feed - zip.avail_in;
        if (!problem.empty())
            break;
        if (status == Z_STREAM_END) {
            // Concatenated gzip members make one file, as gunzip reads them.
            if (offset < compressed.size() && inflateReset(&zip) != Z_OK)
                problem = "corrupt gzip data";
        } else if (zip.avail_in == 0 && offset >= compressed.size()) {
            problem = "truncated gzip data";
        }
    }
    inflateEnd(&zip);
    return problem;
}

GzipStreamBuf::GzipStreamBuf(std::ostream& sink)
    : m_sink(sink)
    , m_in(BufferBytes)
    , m_out(BufferBytes)
{
    m_ok = deflateInit2(&m_zip, Z_DEFAULT_COMPRESSION, Z_DEFLATED, GzipWindowBits, 8, Z_DEFAULT_STRATEGY) == Z_OK;
    setp(m_in.data(), m_in.data() + m_in.size());
}

GzipStreamBuf::~GzipStreamBuf()
{
    deflateEnd(&m_zip);
}

bool GzipStreamBuf::deflateBuffered(int flush)
{
    if (!m_ok)
        return false;
    m_zip.next_in = reinterpret_cast<Bytef*>(pbase());
    m_zip.avail_in = uInt(pptr() - pbase());
    int status = Z_OK;
    do {
        m_zip.next_out = reinterpret_cast<Bytef*>(m_out.data());
        m_zip.avail_out = uInt(m_out.size());
        status = deflate(&m_zip, flush);
        if (status == Z_STREAM_ERROR) {
            m_ok = false;
            return false;
        }
        const std::size_t produced = m_out.size() - m_zip.avail_out;
        if (produced > 0 && !m_sink.write(m_out.data(), std::streamsize(produced))) {
            m_ok = false;
            return false;
        }
    } while (m_zip.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
    setp(m_in.data(), m_in.data() + m_in.size());
    return true;
}

GzipStreamBuf::int_type GzipStreamBuf::overflow(int_type c)
{
    if (m_finished || !deflateBuffered(Z_NO_FLUSH))
        return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int GzipStreamBuf::sync()
{
    // Compression is flushed only at finish(): a sync point in the middle would cost ratio.
    return m_ok ? 0 : -1;
}

bool GzipStreamBuf::finish()
{
    if (m_finished)
        return m_ok;
    m_finished = true;
    return deflateBuffered(Z_FINISH) && bool(m_sink.flush());
}

} // namespace loopscope
