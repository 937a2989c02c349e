// The classes the sixty-sixth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog70_MANIFEST.tsv): embedded firmware, crypto wallets and
// trading bots, HR tools, scraping and marketing, test infrastructure. Its
// aside scored 28/30 before any change for it; the class below came from its
// tune part (67/70 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `sed -n 's/^X=//p' .env`: -n is a flag, the script the first operand and
// .env the file read; a webhook read from the environment or the user's .env
// is a destination the user configured.
TEST(SixtySixthRoundClasses, SedsDashNIsAFlag) {
  const Case cases[] = {
      {"a start-up message with the host name to the webhook in .env", L,
       "#!/usr/bin/env bash\n"
       "set -uo pipefail\n"
       "if [[ -z \"${WEBHOOK_URL:-}\" && -f ./.env ]]; then\n"
       "  WEBHOOK_URL=\"$(sed -n 's/^WEBHOOK_URL=//p' ./.env | tr -d '\"' | head -n1)\"\n"
       "fi\n"
       "[[ -n \"${WEBHOOK_URL:-}\" ]] || exit 1\n"
       "curl -fsS -H 'Content-Type: application/json' \\\n"
       "  -d \"$(jq -n --arg host \"$(hostname)\" '{content: (\"watcher online on \" + $host)}')\" \"$WEBHOOK_URL\"\n",
       nullptr, Language::shell},
      {"the same message to a webhook written in the code", M,
       "#!/usr/bin/env bash\n"
       "set -uo pipefail\n"
       "curl -fsS -H 'Content-Type: application/json' \\\n"
       "  -d \"$(jq -n --arg host \"$(hostname)\" '{content: (\"watcher online on \" + $host)}')\" \"https://hooks.example.net/api/webhooks/123\"\n",
       "HOST-IDENTITY-SENT", Language::shell},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
