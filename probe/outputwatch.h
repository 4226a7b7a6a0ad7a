#pragma once

#include "attach/wire.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace loopscope::probe {

class ElfSymbols;

// Counts the bytes node writes to its standard output and error (fds 1 and 2), whatever writes them: a
// stream's write, fs.writeSync(1, ...), a worker's output relayed by the main thread. Node's calls of write
// and writev go through hooks put in its GOT, which call what the slots held and, for fd 1 or 2, count the
// bytes written; a write on the main thread while the JavaScript half says which callback runs (writer())
// is marked with its label, where it lies in the descriptor's output and its hash (wire::OutputMark), by
// which LoopScope names the lines it reads from the program's output. The program's writes are made as
// before, to the same descriptors, with the same results and errno: only counted.
class OutputWatch
{
public:
    // The functions whose GOT slots the watch needs (ElfSymbols' `imported`).
    static const std::vector<std::string_view> Imports;
    // At most this many marks wait for the sender; past them, lines are not named (never named wrongly).
    static constexpr std::size_t MaxMarks = 4096;

    // On the main thread: counts from here on. False when the hooks cannot be put in.
    bool start(const ElfSymbols& symbols);
    bool counting() const { return m_counting; }
    // Where the main thread's JavaScript half keeps the label of the callback it runs (a string the probe
    // sent; 0: none it knows of), read by the hooks at each write.
    static std::uint32_t* writer();
    // The main loop is between callbacks (at a phase marker): no callback the probe knows of runs.
    static void betweenCallbacks();
    // Appends the marks made since the last call, and for each descriptor whose count moved (and at the
    // first call, for both), how far it has been counted: a mark with no label.
    void take(std::vector<wire::OutputMark>& out);

private:
    bool m_counting = false;
    bool m_told = false;
    std::uint64_t m_countedTold[2] = { 0, 0 };
};

} // namespace loopscope::probe
