// libFuzzer entry: the probe reads node's symbol table from the executable it runs in, which may be any
// file (a node built elsewhere, a wrapper, a damaged binary): reading it must never crash or read past
// its end, whatever the bytes; what cannot be read is said.
#include "elfsymbols.h"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // As the probe maps the file: from a page boundary (libFuzzer's bytes may start anywhere).
    const std::vector<unsigned char> file(data, data + size);
    static const std::vector<std::string_view> wanted { "wq", "mutex", "nthreads", "uv_version" };
    static const std::vector<std::string_view> imported { "pthread_mutex_unlock" };
    const loopscope::probe::ElfSymbols symbols(file.data(), file.size(), wanted, imported);
    if (!symbols.found() && symbols.problem().empty())
        __builtin_trap();
    if (symbols.found()) {
        symbols.address("mutex", symbols.address("wq"));
        symbols.importSlots("pthread_mutex_unlock");
        symbols.vtableOf(symbols.address("nthreads"));
    }
    return 0;
}
