#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace loopscope::probe {

// The full symbol table (.symtab, not only the exported .dynsym) of the running executable, read from
// /proc/self/exe: where the static variables and functions of a statically linked libuv lie, which no
// header names. Official Node.js builds keep it; a stripped executable has none (found() is false).
class ElfSymbols
{
public:
    // Reads the table, keeping the addresses of `wanted` (exact names) and every C++ vtable (_ZTV...),
    // and where the executable keeps the addresses of the shared-library functions `imported` it calls
    // (their GOT slots), all moved by its load address (found through `anchor`, an exported function).
    ElfSymbols(const std::vector<std::string_view>& wanted, const std::vector<std::string_view>& imported,
        const void* anchor, std::string_view anchorName);
    // Reads the table of the ELF file held in `bytes` (any bytes: a file damaged, cut short or not one
    // the probe can patch is said so, never read past), its addresses as the file gives them.
    ElfSymbols(const unsigned char* bytes, std::size_t size, const std::vector<std::string_view>& wanted,
        const std::vector<std::string_view>& imported);

    bool found() const { return m_read; }
    // Why the table could not be read, if it could not.
    const std::string& problem() const { return m_problem; }
    // The run-time address of `name`, or null. Of several (statics of the same name in other files), the one
    // nearest `near` when given, else the first.
    void* address(std::string_view name, const void* near = nullptr) const;
    // The name of the vtable an object whose first word is `vptr` has, or empty.
    std::string_view vtableOf(const void* vptr) const;
    // The slots through which the executable calls the imported function `name` (empty: none): only those a
    // dynamic linker fills with the function's address (JUMP_SLOT and GLOB_DAT relocations, x86-64 and
    // AArch64), which are the executable's calls of it and nothing else.
    std::vector<void**> importSlots(std::string_view name) const;

private:
    // Reads `bytes` into the tables, addresses unmoved; the anchor's address in anchorValue (0: not named).
    void read(const unsigned char* bytes, std::size_t size, const std::vector<std::string_view>& wanted,
        const std::vector<std::string_view>& imported, std::string_view anchorName, std::uintptr_t& anchorValue);

    struct Symbol
    {
        std::string name;
        std::uintptr_t address;
        std::uint64_t size;
    };

    std::vector<Symbol> m_symbols; // the wanted ones
    std::vector<Symbol> m_vtables; // sorted by address
    std::vector<Symbol> m_imports; // address: the slot
    bool m_read = false;
    std::string m_problem;
};

} // namespace loopscope::probe
