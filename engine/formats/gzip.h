#pragma once

#include <cstddef>
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

// Inflates every gzip member of `compressed` into `out`; returns the problem ("corrupt gzip data",
// "larger than N MB once decompressed"), or an empty string.
std::string gunzip(std::string_view compressed, std::string& out, std::size_t maxBytes);

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
