#pragma once

struct CommandLine;
class MainWindow;

// --png, --svg, --pdf and --animation: pictures of what the window shows, written when it closes or, with
// --headless, when the run has ended (the window then draws offscreen and is never seen).
namespace pictureoutput {

// Headless: waits for the program shown to end (a run that starts paused runs on), or aborts it
// after --timeout-ms. Returns false on the timeout.
bool waitForTheEnd(const CommandLine& options, MainWindow& window);
// Takes the playhead to --at, if given, and writes the pictures asked for, then the animation of
// --from to --to; false if one failed
// (the reason is on stderr).
bool write(const CommandLine& options, MainWindow& window);

} // namespace pictureoutput
