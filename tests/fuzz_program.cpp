// libFuzzer entry: programs are untrusted input, so parsing and emitting must
// never crash, hang or overflow the stack, whatever the bytes.
#include "program/program.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const loopscope::ParseResult result = loopscope::parseProgram(text, "fuzz.json", { { "n", "3" } });
    if (const auto* program = std::get_if<loopscope::Program>(&result)) {
        const std::string script = loopscope::emitJs(*program);
        if (script.empty())
            __builtin_trap();
    } else {
        const std::string message = std::get<loopscope::ProgramError>(result).toString();
        if (message.find('\n') != std::string::npos)
            __builtin_trap();
    }
    return 0;
}
