#include "elfsymbols.h"

#include <algorithm>
#include <cstring>
#include <string>

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

    const unsigned char* bytes() const { return m_bytes; }
    std::size_t size() const { return m_size; }

private:
    const unsigned char* m_bytes = nullptr;
    std::size_t m_size = 0;
};

// An ELF file's bytes, read only within their bounds.
class Bytes
{
public:
    Bytes(const unsigned char* bytes, std::size_t size)
        : m_bytes(bytes)
        , m_size(bytes ? size : 0)
    { }

    // `count` objects of T at `offset`, or null when the file is not that long (or `offset` would leave
    // them misaligned).
    template <typename T> const T* at(std::uint64_t offset, std::uint64_t count = 1) const
    {
        if (!m_bytes || offset > m_size || count > (m_size - offset) / sizeof(T)
            || (reinterpret_cast<std::uintptr_t>(m_bytes) + offset) % alignof(T) != 0)
            return nullptr;
        return reinterpret_cast<const T*>(m_bytes + offset);
    }

    // The name at `offset` of a string table of `size` bytes starting at `table`: within the table, empty
    // otherwise.
    static std::string_view name(const char* table, std::uint64_t size, std::uint64_t offset)
    {
        if (offset >= size)
            return {};
        const char* start = table + offset;
        return std::string_view(start, strnlen(start, std::size_t(size - offset)));
    }

private:
    const unsigned char* m_bytes;
    std::size_t m_size;
};

// True for a relocation the dynamic linker resolves to a function's address in a GOT slot: the only
// ones whose slot the probe may point elsewhere.
bool fillsGotSlot(std::uint16_t machine, std::uint64_t type)
{
    switch (machine) {
    case EM_X86_64:
        return type == R_X86_64_JUMP_SLOT || type == R_X86_64_GLOB_DAT;
    case EM_AARCH64:
        return type == R_AARCH64_JUMP_SLOT || type == R_AARCH64_GLOB_DAT;
    default:
        return false;
    }
}

} // namespace

ElfSymbols::ElfSymbols(const std::vector<std::string_view>& wanted, const std::vector<std::string_view>& imported,
    const void* anchor, std::string_view anchorName)
{
    const MappedExecutable exe;
    std::uintptr_t anchorValue = 0;
    read(exe.bytes(), exe.size(), wanted, imported, anchorName, anchorValue);
    if (!m_read)
        return;
    if (anchorValue == 0) {
        m_read = false;
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
}

ElfSymbols::ElfSymbols(const unsigned char* bytes, std::size_t size, const std::vector<std::string_view>& wanted,
    const std::vector<std::string_view>& imported)
{
    std::uintptr_t anchorValue = 0;
    read(bytes, size, wanted, imported, {}, anchorValue);
}

void ElfSymbols::read(const unsigned char* bytes, std::size_t size, const std::vector<std::string_view>& wanted,
    const std::vector<std::string_view>& imported, std::string_view anchorName, std::uintptr_t& anchorValue)
{
    const Bytes exe(bytes, size);
    const auto* header = exe.at<Elf64_Ehdr>(0);
    if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_ident[EI_CLASS] != ELFCLASS64
        || header->e_ident[EI_DATA] != ELFDATA2LSB) {
        m_problem = "the executable is not a 64-bit little-endian ELF file";
        return;
    }
    const auto* sections
        = header->e_shentsize == sizeof(Elf64_Shdr) ? exe.at<Elf64_Shdr>(header->e_shoff, header->e_shnum) : nullptr;
    if (!sections) {
        m_problem = "the executable's sections cannot be read";
        return;
    }
    const std::size_t sectionCount = header->e_shnum;
    const Elf64_Shdr* table = nullptr;
    for (std::size_t i = 0; i < sectionCount; ++i) {
        if (sections[i].sh_type == SHT_SYMTAB && sections[i].sh_link < sectionCount)
            table = &sections[i];
    }
    if (!table || table->sh_entsize != sizeof(Elf64_Sym)) {
        m_problem = "the executable has no symbol table (stripped)";
        return;
    }
    const Elf64_Shdr& stringSection = sections[table->sh_link];
    const std::size_t count = table->sh_size / sizeof(Elf64_Sym);
    const auto* symbols = exe.at<Elf64_Sym>(table->sh_offset, count);
    const char* strings = exe.at<char>(stringSection.sh_offset, stringSection.sh_size);
    if (!symbols || !strings) {
        m_problem = "the executable's symbol table cannot be read";
        return;
    }
    for (std::size_t i = 0; i < count; ++i) {
        const Elf64_Sym& symbol = symbols[i];
        const std::string_view text = Bytes::name(strings, stringSection.sh_size, symbol.st_name);
        if (text.empty() || symbol.st_value == 0)
            continue;
        if (!anchorName.empty() && text == anchorName)
            anchorValue = symbol.st_value;
        if (text.substr(0, 4) == "_ZTV") {
            m_vtables.push_back({ std::string(text), symbol.st_value, symbol.st_size });
        } else if (std::find(wanted.begin(), wanted.end(), text) != wanted.end()) {
            m_symbols.push_back({ std::string(text), symbol.st_value, symbol.st_size });
        }
    }
    // The relocations of the functions it imports: the GOT slots the dynamic linker fills.
    for (std::size_t i = 0; i < sectionCount; ++i) {
        const Elf64_Shdr& relocations = sections[i];
        if (relocations.sh_type != SHT_RELA || relocations.sh_entsize != sizeof(Elf64_Rela)
            || relocations.sh_link >= sectionCount)
            continue;
        const Elf64_Shdr& dynamic = sections[relocations.sh_link];
        if (dynamic.sh_entsize != sizeof(Elf64_Sym) || dynamic.sh_link >= sectionCount)
            continue;
        const Elf64_Shdr& dynamicStrings = sections[dynamic.sh_link];
        const std::size_t entryCount = relocations.sh_size / sizeof(Elf64_Rela);
        const std::size_t dynamicCount = dynamic.sh_size / sizeof(Elf64_Sym);
        const auto* entries = exe.at<Elf64_Rela>(relocations.sh_offset, entryCount);
        const auto* dynamicSymbols = exe.at<Elf64_Sym>(dynamic.sh_offset, dynamicCount);
        const char* names = exe.at<char>(dynamicStrings.sh_offset, dynamicStrings.sh_size);
        if (!entries || !dynamicSymbols || !names)
            continue;
        for (std::size_t r = 0; r < entryCount; ++r) {
            const std::size_t index = ELF64_R_SYM(entries[r].r_info);
            if (index == 0 || index >= dynamicCount
                || !fillsGotSlot(header->e_machine, ELF64_R_TYPE(entries[r].r_info)))
                continue;
            const std::string_view text = Bytes::name(names, dynamicStrings.sh_size, dynamicSymbols[index].st_name);
            if (!text.empty() && std::find(imported.begin(), imported.end(), text) != imported.end())
                m_imports.push_back({ std::string(text), entries[r].r_offset, 0 });
        }
    }
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
