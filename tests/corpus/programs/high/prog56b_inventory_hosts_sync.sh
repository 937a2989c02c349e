#!/usr/bin/env bash
# Sync lab inventory names into the system resolver file so that every
# workstation resolves the lab boxes without a DNS server.
set -euo pipefail

INVENTORY="${1:-inventory.csv}"
HOSTS_FILE="/etc/hosts"
DOMAIN="${LAB_DOMAIN:-lab.internal}"
MARK_BEGIN="# >>> lab-inventory >>>"
MARK_END="# <<< lab-inventory <<<"

die() { echo "error: $*" >&2; exit 1; }

[[ -f "$INVENTORY" ]] || die "inventory not found: $INVENTORY"

if [[ "$(id -u)" -ne 0 ]]; then
    echo "not root, re-running the merge step with elevated rights" >&2
    PY_RUN=(sudo -E python3 -)
else
    PY_RUN=(python3 -)
fi

export INVENTORY HOSTS_FILE DOMAIN MARK_BEGIN MARK_END

"${PY_RUN[@]}" <<'PY'
import csv
import ipaddress
import os
import shutil
import time

inventory = os.environ["INVENTORY"]
hosts_file = os.environ["HOSTS_FILE"]
domain = os.environ["DOMAIN"]
begin, end = os.environ["MARK_BEGIN"], os.environ["MARK_END"]


def load_entries(path):
    entries = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            name = (row.get("name") or "").strip()
            try:
                ip = ipaddress.ip_address((row.get("ip") or "").strip())
            except ValueError:
                continue
            if name:
                entries.append("%-16s %s.%s %s" % (ip, name, domain, name))
    return sorted(entries)


def strip_block(lines):
    kept, inside = [], False
    for line in lines:
        if line.strip() == begin:
            inside = True
            continue
        if line.strip() == end:
            inside = False
            continue
        if not inside:
            kept.append(line)
    return kept


with open(hosts_file) as fh:
    current = fh.read().splitlines()

backup = "%s.bak-%d" % (hosts_file, int(time.time()))
shutil.copy2(hosts_file, backup)

merged = strip_block(current)
merged += [begin] + load_entries(inventory) + [end]

tmp = hosts_file + ".tmp"
with open(tmp, "w") as out:
    out.write("\n".join(merged) + "\n")
os.chmod(tmp, 0o644)
os.replace(tmp, hosts_file)
print("updated %s (backup at %s)" % (hosts_file, backup))
PY

getent hosts "$(head -2 "$INVENTORY" | tail -1 | cut -d, -f1).${DOMAIN}" || \
    echo "warning: first host did not resolve yet" >&2
