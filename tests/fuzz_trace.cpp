// libFuzzer entry: recordings are opened from anywhere (a student's USB stick,
// a mail attachment), so reading one must never crash, hang or overflow the
// stack, whatever the bytes; a failure must be one line with a position.
#include "formats/traceio.h"
#include "recording/recording.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    loopscope::Recording recording;
    std::string error;
    if (loopscope::readTraceText(text, recording, &error)) {
        // What was read must be writable again, and the rewrite must read back.
        std::ostringstream out;
        if (!loopscope::writeTrace(recording, out))
            __builtin_trap();
        loopscope::Recording again;
        std::string againError;
        if (!loopscope::readTraceText(out.str(), again, &againError))
            __builtin_trap();
    } else if (error.empty() || error.find('\n') != std::string::npos) {
        __builtin_trap();
    }
    return 0;
}
