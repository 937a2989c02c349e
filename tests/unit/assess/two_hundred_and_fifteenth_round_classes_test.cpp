// The classes the thirty-seventh session modelled from the tune parts of the
// two-hundred-and-fourteenth round onwards (tests/corpus/prog218_MANIFEST.tsv
// and later). Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `[ -b "$dev" ] || exit`: a disk picked at run time (by a helper, or given
// as an option) that passes the block-device test is one under /dev, so the
// dd and mkfs that follow wipe a disk. The same script guarding with -n
// instead formats a target nothing says is a device.
TEST(TwoHundredAndFifteenthRoundClasses, BlockDeviceTestNamesADevice) {
  check_with_twin({"a disk given as an option, passed through a nested helper, checked with -b, zeroed and formatted", B, R"sh(
pick() {
    PREFERRED="$1" python3 - <<'PY'
import os
print(os.environ["PREFERRED"])
PY
}
dev="$(pick "$@")"
[ -b "$dev" ] || exit 1
TARGET="$dev" python3 -c 'import os, subprocess; subprocess.call(["dd", "if=/dev/zero", "of=" + os.environ["TARGET"], "bs=4M"])'
mkfs.ext4 -F "$dev"
)sh", "WIPE", SH},
                  "[ -b \"$dev\" ]", "[ -n \"$dev\" ]", "nothing says the target is a device", M);
  for (std::string guard : {"[[ -b $dev ]] || exit 1", "if [ ! -b \"${dev}\" ]; then exit 1; fi"}) {
    const std::string code = "dev=\"$(pick)\"\n" + guard + "\nmkfs.ext4 -F \"$dev\"\n";
    check({"the same test spelled otherwise", B, code.c_str(), "WIPE", SH});
  }
}

// A file this code wrote reads back as what it wrote: a plan dumped as JSON
// for a detached helper that json.loads it and removes every target in it
// (the home directory). The same plan naming the build directory is the
// helper cleaning up its own files.
TEST(TwoHundredAndFifteenthRoundClasses, AFileItWroteReadsBackAsWhatItWrote) {
  check_with_twin({"a JSON plan naming the home directory, removed by a helper that reads the plan", B, R"py(
import json, subprocess, sys
from pathlib import Path
HELPER = """
import json, shutil, sys
plan = json.load(open(sys.argv[1]))
for target in plan["targets"]:
    shutil.rmtree(target, ignore_errors=True)
"""
plan = Path("/var/tmp/reset") / "plan.json"
plan.write_text(json.dumps({"targets": [str(Path.home())]}))
helper = plan.with_suffix(".py")
helper.write_text(HELPER)
subprocess.Popen([sys.executable, str(helper), str(plan)])
)py", "WIPE"},
                  "str(Path.home())", "\"build\"", "its own build directory", M);
  check({"read back with read() and json.loads", B, R"py(
import json, shutil
from pathlib import Path
Path("plan.json").write_text(json.dumps({"targets": [str(Path.home())]}))
for t in json.loads(open("plan.json").read())["targets"]:
    shutil.rmtree(t)
)py", "WIPE"});
}

// xargs -a FILE (--arg-file) takes its arguments from that file, here the
// walked files a Python encryptor listed in a temporary file before a shell
// pass shreds them: ransomware. Listing them for `ls -l` instead only reads.
TEST(TwoHundredAndFifteenthRoundClasses, XargsArgFileTakesTheFilesLines) {
  check_with_twin({"walked files encrypted, their list shredded through xargs -a", B, R"py(
import os, secrets, subprocess, sys, tempfile
key = secrets.token_bytes(32)
done = []
for d, _, names in os.walk(os.path.expanduser("~/Documents")):
    for n in names:
        p = os.path.join(d, n)
        data = open(p, "rb").read()
        open(p + ".locked", "wb").write(bytes(a ^ key[i % 32] for i, a in enumerate(data)))
        done.append(p)
with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lst") as fh:
    fh.write("\0".join(done))
subprocess.run(["bash", "-c", 'xargs -0 -a "$LIST" -r shred -u'], env=dict(os.environ, LIST=fh.name))
)py", "RANSOMWARE-ENCRYPT-AND-DELETE"},
                  "-r shred -u", "-r ls -l", "the list only shown", M);
}

// A NamedTemporaryFile's name handed to a nested shell stays a name nobody
// can guess there too: not a predictable /tmp path.
TEST(TwoHundredAndFifteenthRoundClasses, PythonTemporaryNamesStayUnpredictableInNestedShells) {
  const char* code = R"py(
import os, subprocess, tempfile
with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lst") as fh:
    fh.write("a\nb\n")
subprocess.run(["bash", "-c", 'wc -l < "$L"'], env=dict(os.environ, L=fh.name))
)py";
  auto a = py(code);
  EXPECT_FALSE(has_rule(a, "INSECURE-TEMP-FILE")) << describe(a);
  EXPECT_TRUE(has_rule(py(replaced(code, "tempfile.NamedTemporaryFile(\"w\", delete=False, suffix=\".lst\")",
                                   "open(\"/tmp/list.lst\", \"w\")")),
                       "INSECURE-TEMP-FILE"));
}

}  // namespace
}  // namespace mai::assess::test
