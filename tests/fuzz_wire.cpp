// libFuzzer entry: the probe's stream comes over a pipe from a program LoopScope does not control (a
// probe of another version, a program that writes to the wrong descriptor), so reading it must never
// crash, hang or overflow, whatever the bytes and however they are cut; a damaged stream must say so in
// one line.
#include "attach/ingest.h"
#include "attach/wire.h"
#include "recording/recording.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // The first byte says where the pipe cut the rest in two.
    if (size == 0)
        return 0;
    const std::size_t cut = std::size_t(data[0]) * (size - 1) / 255;
    const std::uint8_t* stream = data + 1;
    const std::size_t length = size - 1;
    loopscope::Recording recording;
    loopscope::wire::Ingest ingest(recording);
    loopscope::wire::Reader reader(ingest);
    const bool read = reader.feed(stream, cut) && reader.feed(stream + cut, length - cut) && reader.finish();
    if (!read && (reader.error().empty() || reader.error().find('\n') != std::string::npos))
        __builtin_trap();
    return 0;
}
