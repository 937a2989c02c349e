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

}  // namespace
}  // namespace mai::assess::test
