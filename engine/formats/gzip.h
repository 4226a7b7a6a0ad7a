#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include <zlib.h>

namespace loopscope {

// gzip (RFC 1952) around trace files: a recording whose file name ends in ".gz" is written
// compressed, and a compressed one is known by its first two bytes when read, whatever its name.
bool hasGzipSuffix(std::string_view path);
bool isGzip(std::string_view bytes);

// Inflates every gzip member of `compressed`, handing the output to `sink(piece, consumed)` as it
// comes (`consumed`: how many bytes of `compressed` are done with); the sink returns a problem to stop
// with, or an empty string. Returns the problem ("corrupt gzip data", the sink's), or an empty string.
using InflateSink = std::function<std::string(std::string_view piece, std::size_t consumed)>;
std::string gunzip(std::string_view compressed, const InflateSink& sink);

// A stream buffer that deflates what is written to it into `sink`, as one gzip member.
// finish() writes the end of the member; until it returns true the output is not a whole file.
class GzipStreamBuf : public std::streambuf
{
public:
    explicit GzipStreamBuf(std::ostream& sink);
    ~GzipStreamBuf() override;
    GzipStreamBuf(const GzipStreamBuf&) = delete;
    GzipStreamBuf& operator=(const GzipStreamBuf&) = delete;

    bool finish();

protected:
    int_type overflow(int_type c) override;
    int sync() override;

private:
    // Deflates the buffered input with `flush` (Z_NO_FLUSH or Z_FINISH) into the sink.
    bool deflateBuffered(int flush);

    std::ostream& m_sink;
    z_stream m_zip {};
    bool m_ok = false;
    bool m_finished = false;
    std::vector<char> m_in;
    std::vector<char> m_out;
};

} // namespace loopscope
