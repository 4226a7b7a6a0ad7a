#include "elfsymbols.h"

#include <algorithm>
#include <cstring>

#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loopscope::probe {

namespace {

// The executable, mapped read-only for as long as it is read.
class MappedExecutable
{
public:
    MappedExecutable()
    {
        const int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
        struct stat info
        { };
        if (fd >= 0 && fstat(fd, &info) == 0 && info.st_size > 0) {
            void* mapped = mmap(nullptr, std::size_t(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
            if (mapped != MAP_FAILED) {
                m_bytes = static_cast<const unsigned char*>(mapped);
                m_size = std::size_t(info.st_size);
            }
        }
        if (fd >= 0)
            close(fd);
    }
    ~MappedExecutable()
    {
        if (m_bytes)
            munmap(const_cast<unsigned char*>(m_bytes), m_size);
    }
    MappedExecutable(const MappedExecutable&) = delete;
    MappedExecutable& operator=(const MappedExecutable&) = delete;

    // `count` objects of T at `offset`, or null when the file is not that long.
    template <typename T> const T* at(std::uint64_t offset, std::uint64_t count = 1) const
    {
        if (!m_bytes || offset > m_size || count > (m_size - offset) / sizeof(T))
            return nullptr;
        return reinterpret_cast<const T*>(m_bytes + offset);
    }

private:
    const unsigned char* m_bytes = nullptr;
    std::size_t m_size = 0;
};

} // namespace

ElfSymbols::ElfSymbols(const std::vector<std::string_view>& wanted, const std::vector<std::string_view>& imported,
    const void* anchor, std::string_view anchorName)
{
    const MappedExecutable exe;
    const auto* header = exe.at<Elf64_Ehdr>(0);
    if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_ident[EI_CLASS] != ELFCLASS64) {
        m_problem = "the executable is not a 64-bit ELF file";
        return;
    }
    const auto* sections = exe.at<Elf64_Shdr>(header->e_shoff, header->e_shnum);
    if (!sections) {
        m_problem = "the executable's sections cannot be read";
        return;
    }
    const Elf64_Shdr* table = nullptr;
    for (std::size_t i = 0; i < header->e_shnum; ++i) {
        if (sections[i].sh_type == SHT_SYMTAB && sections[i].sh_link < header->e_shnum)
            table = &sections[i];
    }
    if (!table || table->sh_entsize != sizeof(Elf64_Sym)) {
        m_problem = "the executable has no symbol table (stripped)";
        return;
    }
    const Elf64_Shdr& stringSection = sections[table->sh_link];
    const auto* symbols = exe.at<Elf64_Sym>(table->sh_offset, table->sh_size / sizeof(Elf64_Sym));
    const char* strings = exe.at<char>(stringSection.sh_offset, stringSection.sh_size);
    if (!symbols || !strings) {
        m_problem = "the executable's symbol table cannot be read";
        return;
    }
    const std::size_t count = table->sh_size / sizeof(Elf64_Sym);
    std::uintptr_t anchorValue = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const Elf64_Sym& symbol = symbols[i];
        if (symbol.st_name >= stringSection.sh_size || symbol.st_value == 0)
            continue;
        const char* name = strings + symbol.st_name;
        const std::string_view text(name, strnlen(name, stringSection.sh_size - symbol.st_name));
        if (text == anchorName)
            anchorValue = symbol.st_value;
        if (text.substr(0, 4) == "_ZTV") {
            m_vtables.push_back({ std::string(text), symbol.st_value, symbol.st_size });
        } else if (std::find(wanted.begin(), wanted.end(), text) != wanted.end()) {
            m_symbols.push_back({ std::string(text), symbol.st_value, symbol.st_size });
        }
    }
    // The relocations of the functions it imports: the GOT slots the dynamic linker fills.
    for (std::size_t i = 0; i < header->e_shnum; ++i) {
        const Elf64_Shdr& relocations = sections[i];
        if (relocations.sh_type != SHT_RELA || relocations.sh_entsize != sizeof(Elf64_Rela)
            || relocations.sh_link >= header->e_shnum)
            continue;
        const Elf64_Shdr& dynamic = sections[relocations.sh_link];
        if (dynamic.sh_entsize != sizeof(Elf64_Sym) || dynamic.sh_link >= header->e_shnum)
            continue;
        const Elf64_Shdr& dynamicStrings = sections[dynamic.sh_link];
        const auto* entries = exe.at<Elf64_Rela>(relocations.sh_offset, relocations.sh_size / sizeof(Elf64_Rela));
        const auto* dynamicSymbols = exe.at<Elf64_Sym>(dynamic.sh_offset, dynamic.sh_size / sizeof(Elf64_Sym));
        const char* names = exe.at<char>(dynamicStrings.sh_offset, dynamicStrings.sh_size);
        if (!entries || !dynamicSymbols || !names)
            continue;
        for (std::size_t r = 0; r < relocations.sh_size / sizeof(Elf64_Rela); ++r) {
            const std::size_t index = ELF64_R_SYM(entries[r].r_info);
            if (index == 0 || index >= dynamic.sh_size / sizeof(Elf64_Sym)
                || dynamicSymbols[index].st_name >= dynamicStrings.sh_size)
                continue;
            const char* name = names + dynamicSymbols[index].st_name;
            const std::string_view text(name, strnlen(name, dynamicStrings.sh_size - dynamicSymbols[index].st_name));
            if (std::find(imported.begin(), imported.end(), text) != imported.end())
                m_imports.push_back({ std::string(text), entries[r].r_offset, 0 });
        }
    }
    if (anchorValue == 0) {
        m_problem = "the executable's symbol table does not name " + std::string(anchorName);
        return;
    }
    // A position-independent executable is loaded elsewhere than its table says: by the anchor's offset.
    const std::uintptr_t bias = reinterpret_cast<std::uintptr_t>(anchor) - anchorValue;
    for (Symbol& symbol : m_symbols)
        symbol.address += bias;
    for (Symbol& symbol : m_vtables)
        symbol.address += bias;
    for (Symbol& symbol : m_imports)
        symbol.address += bias;
    std::sort(
        m_vtables.begin(), m_vtables.end(), [](const Symbol& a, const Symbol& b) { return a.address < b.address; });
    m_read = true;
}

void* ElfSymbols::address(std::string_view name, const void* near) const
{
    const Symbol* best = nullptr;
    const auto distance = [near](const Symbol& s) {
        const auto at = reinterpret_cast<std::uintptr_t>(near);
        return s.address > at ? s.address - at : at - s.address;
    };
    for (const Symbol& symbol : m_symbols) {
        if (symbol.name == name && (!best || (near && distance(symbol) < distance(*best))))
            best = &symbol;
    }
    return best ? reinterpret_cast<void*>(best->address) : nullptr;
}

std::vector<void**> ElfSymbols::importSlots(std::string_view name) const
{
    std::vector<void**> slots;
    for (const Symbol& symbol : m_imports) {
        if (symbol.name == name)
            slots.push_back(reinterpret_cast<void**>(symbol.address));
    }
    return slots;
}

std::string_view ElfSymbols::vtableOf(const void* vptr) const
{
    const auto at = reinterpret_cast<std::uintptr_t>(vptr);
    auto after = std::upper_bound(m_vtables.begin(), m_vtables.end(), at,
        [](std::uintptr_t address, const Symbol& s) { return address < s.address; });
    if (after == m_vtables.begin())
        return {};
    const Symbol& symbol = *(after - 1);
    return at < symbol.address + symbol.size ? std::string_view(symbol.name) : std::string_view();
}

} // namespace loopscope::probe
