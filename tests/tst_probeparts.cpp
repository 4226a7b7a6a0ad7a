// The probe's parts that run inside a Node.js program and need no Node.js to be tried: the reader of
// node's symbol table (ElfSymbols), on ELF files built here byte by byte, whole, damaged and cut short;
// and the table of the thread pool's work the probe follows (WorkTable), whose trampolines must run the
// program's work whatever the table knows of it.
#include "callbacklabel.h"
#include "elfsymbols.h"
#include "recording/codeowner.h"
#include "worktable.h"

#include <QtTest>

#include <elf.h>
#include <uv.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

using loopscope::probe::ElfSymbols;
using loopscope::probe::WorkTable;

namespace {

// A small 64-bit ELF file: a symbol table naming a few statics and a vtable, and the relocations of
// the functions it imports, of the kinds a dynamic linker fills a GOT slot with and of one it does not.
class ElfFile
{
public:
    ElfFile()
    {
        // Sections: null, .symtab, .strtab, .dynsym, .dynstr, .rela.plt.
        std::string strtab(1, '\0');
        std::vector<Elf64_Sym> symtab(1);
        const auto symbol = [&](const char* name, std::uint64_t address, std::uint64_t size) {
            Elf64_Sym s {};
            s.st_name = std::uint32_t(strtab.size());
            s.st_value = address;
            s.st_size = size;
            strtab += name;
            strtab += '\0';
            symtab.push_back(s);
        };
        symbol("wq", 0x5000, 16);
        symbol("mutex", 0x9000, 40); // another file's static of the same name, far away
        symbol("mutex", 0x5040, 40);
        symbol("_ZTVN4node6crypto10PBKDF2JobE", 0x7000, 48);
        symbol("uv_version", 0x400, 8);

        std::string dynstr(1, '\0');
        std::vector<Elf64_Sym> dynsym(1);
        for (const char* name : { "pthread_mutex_unlock", "free" }) {
            Elf64_Sym s {};
            s.st_name = std::uint32_t(dynstr.size());
            dynstr += name;
            dynstr += '\0';
            dynsym.push_back(s);
        }
        const std::vector<Elf64_Rela> relocations {
            { 0x3000, ELF64_R_INFO(1, R_X86_64_JUMP_SLOT), 0 }, // pthread_mutex_unlock: its call slot
            { 0x3008, ELF64_R_INFO(1, R_X86_64_64), 0 }, // its address in data: no GOT slot
            { 0x3010, ELF64_R_INFO(1, R_X86_64_GLOB_DAT), 0 }, // its address taken: a GOT slot
            { 0x3018, ELF64_R_INFO(2, R_X86_64_JUMP_SLOT), 0 }, // free
            { 0x3020, ELF64_R_INFO(9, R_X86_64_JUMP_SLOT), 0 }, // a symbol past the table
        };

        m_bytes.assign(sizeof(Elf64_Ehdr), 0);
        const auto append = [this](const void* data, std::size_t size) {
            while (m_bytes.size() % 8 != 0)
                m_bytes.push_back(0);
            const std::uint64_t offset = m_bytes.size();
            const auto* bytes = static_cast<const unsigned char*>(data);
            m_bytes.insert(m_bytes.end(), bytes, bytes + size);
            return offset;
        };
        std::vector<Elf64_Shdr> sections(6);
        const auto section = [&](std::size_t i, std::uint32_t type, const void* data, std::size_t size,
                                 std::uint32_t link, std::uint64_t entsize) {
            sections[i].sh_type = type;
            sections[i].sh_offset = append(data, size);
            sections[i].sh_size = size;
            sections[i].sh_link = link;
            sections[i].sh_entsize = entsize;
        };
        section(1, SHT_SYMTAB, symtab.data(), symtab.size() * sizeof(Elf64_Sym), 2, sizeof(Elf64_Sym));
        section(2, SHT_STRTAB, strtab.data(), strtab.size(), 0, 0);
        section(3, SHT_DYNSYM, dynsym.data(), dynsym.size() * sizeof(Elf64_Sym), 4, sizeof(Elf64_Sym));
        section(4, SHT_STRTAB, dynstr.data(), dynstr.size(), 0, 0);
        section(5, SHT_RELA, relocations.data(), relocations.size() * sizeof(Elf64_Rela), 3, sizeof(Elf64_Rela));
        const std::uint64_t sectionsAt = append(sections.data(), sections.size() * sizeof(Elf64_Shdr));

        Elf64_Ehdr header {};
        std::memcpy(header.e_ident, ELFMAG, SELFMAG);
        header.e_ident[EI_CLASS] = ELFCLASS64;
        header.e_ident[EI_DATA] = ELFDATA2LSB;
        header.e_machine = EM_X86_64;
        header.e_shoff = sectionsAt;
        header.e_shentsize = sizeof(Elf64_Shdr);
        header.e_shnum = std::uint16_t(sections.size());
        std::memcpy(m_bytes.data(), &header, sizeof header);
    }

    std::vector<unsigned char>& bytes() { return m_bytes; }
    Elf64_Ehdr& header() { return *reinterpret_cast<Elf64_Ehdr*>(m_bytes.data()); }

private:
    std::vector<unsigned char> m_bytes;
};

const std::vector<std::string_view> Wanted { "wq", "mutex", "uv_version" };
const std::vector<std::string_view> Imported { "pthread_mutex_unlock" };

// Work functions the table's trampolines stand for: each counts its runs.
int s_runs[4] = {};
template <int N> void work(struct uv__work*)
{
    ++s_runs[N];
}

std::int64_t s_now = 1000;
std::int64_t testClock()
{
    return s_now += 10;
}

std::uint16_t testWorker()
{
    return 3;
}

WorkTable& table()
{
    return WorkTable::make({ &testClock, &testWorker });
}

} // namespace

class TestProbeParts : public QObject
{
    Q_OBJECT

private slots:
    void theSymbolTableIsRead()
    {
        ElfFile file;
        const ElfSymbols symbols(file.bytes().data(), file.bytes().size(), Wanted, Imported);
        QVERIFY2(symbols.found(), symbols.problem().c_str());
        QCOMPARE(symbols.address("wq"), reinterpret_cast<void*>(0x5000));
        // Of two statics of a name, the one beside wq.
        QCOMPARE(symbols.address("mutex", reinterpret_cast<void*>(0x5000)), reinterpret_cast<void*>(0x5040));
        QCOMPARE(symbols.address("nthreads"), nullptr);
        QCOMPARE(symbols.vtableOf(reinterpret_cast<void*>(0x7010)), std::string_view("_ZTVN4node6crypto10PBKDF2JobE"));
        QCOMPARE(symbols.vtableOf(reinterpret_cast<void*>(0x7030)), std::string_view());
    }

    // Only the slots the dynamic linker fills with the function's address are patched: a relocation
    // that writes the address into data (R_X86_64_64) is not a call slot of node's.
    void onlyGotSlotsAreImportSlots()
    {
        ElfFile file;
        const ElfSymbols symbols(file.bytes().data(), file.bytes().size(), Wanted, Imported);
        QVERIFY2(symbols.found(), symbols.problem().c_str());
        const std::vector<void**> gotSlots = symbols.importSlots("pthread_mutex_unlock");
        QCOMPARE(gotSlots.size(), std::size_t(2));
        QCOMPARE(gotSlots[0], reinterpret_cast<void**>(0x3000));
        QCOMPARE(gotSlots[1], reinterpret_cast<void**>(0x3010));
        QVERIFY(symbols.importSlots("free").empty()); // not asked for
        // A machine whose relocations the reader does not know: no slot at all.
        file.header().e_machine = EM_RISCV;
        const ElfSymbols other(file.bytes().data(), file.bytes().size(), Wanted, Imported);
        QVERIFY(other.found());
        QVERIFY(other.importSlots("pthread_mutex_unlock").empty());
    }

    // A section header of another size than Elf64_Shdr's is not read as one.
    void aWrongSectionHeaderSizeIsRefused()
    {
        ElfFile file;
        file.header().e_shentsize = sizeof(Elf64_Shdr) + 8;
        const ElfSymbols symbols(file.bytes().data(), file.bytes().size(), Wanted, Imported);
        QVERIFY(!symbols.found());
        QCOMPARE(symbols.problem(), std::string("the executable's sections cannot be read"));
    }

    // Cut anywhere, or with any byte of its headers and tables changed, the file is read within its bounds
    // (ASan and UBSan say so in the sanitizer builds) and what cannot be read is said.
    void aDamagedFileIsReadWithinItsBounds()
    {
        ElfFile file;
        const std::vector<unsigned char> whole = file.bytes();
        for (std::size_t size = 0; size < whole.size(); ++size) {
            const std::vector<unsigned char> cut(whole.begin(), whole.begin() + std::ptrdiff_t(size));
            const ElfSymbols symbols(cut.data(), cut.size(), Wanted, Imported);
            QVERIFY(symbols.found() || !symbols.problem().empty());
        }
        std::mt19937 random(7);
        for (int round = 0; round < 20000; ++round) {
            std::vector<unsigned char> damaged = whole;
            for (int flips = 0; flips < 4; ++flips)
                damaged[random() % damaged.size()] = static_cast<unsigned char>(random());
            const ElfSymbols symbols(damaged.data(), damaged.size(), Wanted, Imported);
            QVERIFY(symbols.found() || !symbols.problem().empty());
        }
    }

    // The work always runs through its trampoline, whether the table follows it or not: an item it has no
    // slot for (the table full, the item queued before the watch began) runs as it would without the probe.
    void aTrampolineAlwaysRunsTheWork()
    {
        WorkTable& t = table();
        const WorkTable::WorkFunction trampoline = t.trampolineFor(&work<0>);
        QVERIFY(trampoline != nullptr);
        QVERIFY(trampoline != &work<0>);
        QVERIFY(WorkTable::isTrampoline(trampoline));
        QVERIFY(!WorkTable::isTrampoline(&work<0>));
        QVERIFY(WorkTable::originalOf(trampoline) == &work<0>);
        QVERIFY(t.trampolineFor(&work<0>) == trampoline); // one per original
        QVERIFY(t.trampolineFor(trampoline) == nullptr); // never a trampoline for a trampoline
        uv__work unknown {};
        s_runs[0] = 0;
        trampoline(&unknown);
        QCOMPARE(s_runs[0], 1);
    }

    // A followed item: waiting from its queued time, then run on a pool thread with its start, end and
    // thread taken, read and released by the sampler, its slot claimed again by the next item.
    void anItemIsFollowedFromQueueToEnd()
    {
        WorkTable& t = table();
        const WorkTable::WorkFunction trampoline = t.trampolineFor(&work<1>);
        uv__work item {};
        WorkTable::Slot* slot = t.claim(&item, 42, 500);
        QVERIFY(slot);
        QCOMPARE(t.waiting(&item), slot);
        QCOMPARE(slot->state.load(), WorkTable::State::Waiting);
        s_runs[1] = 0;
        trampoline(&item);
        QCOMPARE(s_runs[1], 1);
        QCOMPARE(slot->state.load(), WorkTable::State::Done);
        QCOMPARE(slot->worker, std::uint16_t(3));
        QCOMPARE(slot->label, std::uint32_t(42));
        QVERIFY(slot->startedAtNs > 500 && slot->finishedAtNs > slot->startedAtNs);
        QCOMPARE(t.waiting(&item), nullptr); // it ran: no longer waiting
        const std::size_t index = t.indexOf(*slot);
        t.release(*slot);
        QCOMPARE(slot->state.load(), WorkTable::State::Free);
        uv__work next {};
        WorkTable::Slot* again = t.claim(&next, 7, 900);
        QCOMPARE(t.indexOf(*again), index);
        t.release(*again);
    }

    // A request cancelled while it waited and queued again: its old slot goes, the new one is found.
    void aRequestQueuedAgainLeavesNothingBehind()
    {
        WorkTable& t = table();
        uv__work item {};
        QVERIFY(t.claim(&item, 1, 100));
        WorkTable::Slot* second = t.claim(&item, 2, 200);
        QVERIFY(second);
        QCOMPARE(t.waiting(&item), second);
        QCOMPARE(second->label, std::uint32_t(2));
        std::size_t waitingForIt = 0;
        for (std::size_t i = 0; i < t.used(); ++i) {
            const WorkTable::Slot& slot = t.slot(i);
            waitingForIt += slot.state.load() == WorkTable::State::Waiting && slot.work.load() == &item ? 1 : 0;
        }
        QCOMPARE(waitingForIt, std::size_t(1));
        t.release(*second);
        QCOMPARE(t.waiting(&item), nullptr);
    }

    // Full, the table says so (the watch then stops following new work) and takes items again once
    // slots are released; through thousands of claims and releases in any order, it finds exactly the
    // items a plain map says wait.
    void theTableNeverLosesAnItemItKeeps()
    {
        WorkTable& t = table();
        std::vector<uv__work> items(WorkTable::Capacity + 1);
        std::vector<WorkTable::Slot*> claimed;
        for (std::size_t i = 0; i < WorkTable::Capacity; ++i) {
            WorkTable::Slot* slot = t.claim(&items[i], 1, std::int64_t(i));
            QVERIFY2(slot, std::to_string(i).c_str());
            claimed.push_back(slot);
        }
        QCOMPARE(t.claim(&items.back(), 1, 0), nullptr);
        t.release(*claimed.back());
        claimed.pop_back();
        QVERIFY(t.claim(&items.back(), 1, 0));
        claimed.push_back(t.waiting(&items.back()));
        for (WorkTable::Slot* slot : claimed)
            t.release(*slot);

        std::mt19937 random(11);
        std::map<uv__work*, WorkTable::Slot*> model;
        for (int step = 0; step < 200000; ++step) {
            uv__work* item = &items[random() % 3000];
            if (random() % 2 == 0) {
                WorkTable::Slot* slot = t.claim(item, 1, step);
                QVERIFY(slot);
                model[item] = slot;
            } else if (const auto found = model.find(item); found != model.end()) {
                t.release(*found->second);
                model.erase(found);
            }
            if (step % 1000 == 0) {
                for (std::size_t i = 0; i < 3000; ++i) {
                    const auto found = model.find(&items[i]);
                    QCOMPARE(t.waiting(&items[i]), found == model.end() ? nullptr : found->second);
                }
            }
        }
        for (const auto& [item, slot] : model)
            t.release(*slot);
    }

    // A callback's label names its function and where that was created; an anonymous one says only where.
    // Only a function of the program's own is named: not Node's, nor one whose script or line is unknown.
    void aCallbackIsLabelledByItsFunction_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<bool>("own");
        QTest::addColumn<QString>("label");
        QTest::newRow("named") << "Timeout"
                               << "slowGreeting"
                               << "/app/prog.js" << 3 << 22 << true << "Timeout slowGreeting (/app/prog.js:3:22)";
        QTest::newRow("anonymous") << "Immediate"
                                   << ""
                                   << "/app/prog.js" << 9 << 14 << true
                                   << "Immediate (anonymous, created at /app/prog.js:9:14)";
        QTest::newRow("es module") << "Timeout"
                                   << "tick"
                                   << "file:///app/main.mjs" << 1 << 1 << true
                                   << "Timeout tick (file:///app/main.mjs:1:1)";
        QTest::newRow("node's own") << "Timeout"
                                    << ""
                                    << "node:timers/promises" << 40 << 3 << false << "";
        QTest::newRow("no script") << "Timeout"
                                   << "f"
                                   << "" << 1 << 1 << false << "";
        QTest::newRow("no line") << "Timeout"
                                 << "f"
                                 << "/app/prog.js" << 0 << 0 << false << "";
    }

    void aCallbackIsLabelledByItsFunction()
    {
        QFETCH(QString, type);
        QFETCH(QString, name);
        QFETCH(QString, script);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(bool, own);
        QFETCH(QString, label);
        const loopscope::probe::FunctionPlace place { name.toStdString(), script.toStdString(), line, column };
        QCOMPARE(loopscope::probe::isProgramsOwn(place), own);
        if (own)
            QCOMPARE(QString::fromStdString(loopscope::probe::callbackLabel(type.toStdString(), place)), label);
    }

    // A request whose callback Node wraps is labelled by the program's frame that made it; a package's
    // place is told from the program's own.
    void aRequestIsLabelledByWhereItWasMade_data()
    {
        QTest::addColumn<QString>("caller");
        QTest::addColumn<QString>("script");
        QTest::addColumn<bool>("packages");
        QTest::addColumn<QString>("label");
        QTest::newRow("in a function") << "loadConfig"
                                       << "/app/prog.js" << false
                                       << "FSREQCALLBACK (created in loadConfig at /app/prog.js:8:6)";
        QTest::newRow("at the top level") << ""
                                          << "/app/prog.js" << false << "FSREQCALLBACK (created at /app/prog.js:8:6)";
        QTest::newRow("in a package") << "sendFile"
                                      << "/app/node_modules/send/index.js" << true
                                      << "FSREQCALLBACK (created in sendFile at /app/node_modules/send/index.js:8:6)";
    }

    void aRequestIsLabelledByWhereItWasMade()
    {
        QFETCH(QString, caller);
        QFETCH(QString, script);
        QFETCH(bool, packages);
        QFETCH(QString, label);
        const loopscope::probe::FunctionPlace place { caller.toStdString(), script.toStdString(), 8, 6 };
        QCOMPARE(loopscope::probe::isPackages(place), packages);
        QVERIFY(!loopscope::probe::isProbesOwn(place));
        QCOMPARE(QString::fromStdString(loopscope::probe::requestLabel("FSREQCALLBACK", place)), label);
    }

    // The probe's own scripts are told apart by their names, wherever the probe is installed.
    void theProbesOwnScriptsAreKnown()
    {
        using loopscope::probe::FunctionPlace;
        using loopscope::probe::isProbesOwn;
        QVERIFY(isProbesOwn(FunctionPlace { "now", "/usr/lib/loopscope/loopscope-probe.js", 70, 34 }));
        QVERIFY(isProbesOwn(FunctionPlace { "tell", "/opt/build/app/loopscope-queues.js", 30, 5 }));
        QVERIFY(!isProbesOwn(FunctionPlace { "now", "/app/my-loopscope-probe.js", 1, 1 }));
        QVERIFY(!isProbesOwn(FunctionPlace { "emit", "node:events", 517, 28 }));
    }

    // A sampled stack's frame is written as a stack trace writes it, and read back as the code of the one
    // whose script it names (the views' rule and the probe's are one).
    void aFrameIsLabelledAsAStackTraceSaysIt_data()
    {
        using loopscope::FrameOwner;
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("label");
        QTest::addColumn<int>("owner");
        QTest::newRow("named") << "slowRoute"
                               << "/app/server.js" << 14 << 10 << "slowRoute (/app/server.js:14:10)"
                               << int(FrameOwner::Program);
        QTest::newRow("anonymous") << ""
                                   << "/app/prog.js" << 9 << 14 << "(anonymous) (/app/prog.js:9:14)"
                                   << int(FrameOwner::Program);
        QTest::newRow("a package's") << "handle"
                                     << "/app/node_modules/express/lib/router/layer.js" << 95 << 5
                                     << "handle (/app/node_modules/express/lib/router/layer.js:95:5)"
                                     << int(FrameOwner::Package);
        QTest::newRow("node's") << "emit"
                                << "node:events" << 517 << 28 << "emit (node:events:517:28)" << int(FrameOwner::Node);
        QTest::newRow("no script") << "eval"
                                   << "" << 1 << 1 << "eval (<unknown>)" << int(FrameOwner::Node);
    }

    void aFrameIsLabelledAsAStackTraceSaysIt()
    {
        QFETCH(QString, name);
        QFETCH(QString, script);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, label);
        QFETCH(int, owner);
        const loopscope::probe::FunctionPlace frame { name.toStdString(), script.toStdString(), line, column };
        QCOMPARE(QString::fromStdString(loopscope::probe::frameLabel(frame)), label);
        QCOMPARE(int(loopscope::scriptOwner(frame.script)), owner);
        QCOMPARE(int(loopscope::frameOwner(loopscope::probe::frameLabel(frame))), owner);
        QCOMPARE(loopscope::probe::isProgramsOwn(frame), owner != int(loopscope::FrameOwner::Node));
        QCOMPARE(loopscope::probe::isPackages(frame), owner == int(loopscope::FrameOwner::Package));
    }
};

QTEST_GUILESS_MAIN(TestProbeParts)
#include "tst_probeparts.moc"
