#!/usr/bin/env bash
# tapboard_hosts_register.sh - give the tap-list boards and keg scales
# friendly names on the bar PC.
#
# Reads ./devices.csv (name,ip,role), validates it with a small Python
# step, and writes a managed block into /etc/hosts so staff can use
# names like board-main.taproom instead of raw addresses.
set -euo pipefail

INVENTORY="${1:-./devices.csv}"
HOSTS_FILE="/etc/hosts"
DOMAIN="${TAPROOM_DOMAIN:-taproom}"
BEGIN="# BEGIN taproom devices"
END="# END taproom devices"

log() { printf '[hosts-register] %s\n' "$*" >&2; }

[[ -f "$INVENTORY" ]] || { log "inventory $INVENTORY not found"; exit 1; }

render_block() {
    INV_PATH="$INVENTORY" INV_DOMAIN="$DOMAIN" python3 - <<'PY'
import csv
import ipaddress
import os
import re
import sys

name_ok = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")
rows, bad = [], 0
with open(os.environ["INV_PATH"], newline="") as fh:
    for row in csv.DictReader(fh):
        name = (row.get("name") or "").strip().lower()
        ip = (row.get("ip") or "").strip()
        try:
            ipaddress.ip_address(ip)
        except ValueError:
            print(f"skip {name!r}: bad address {ip!r}", file=sys.stderr)
            bad += 1
            continue
        if not name_ok.match(name):
            print(f"skip {name!r}: bad name", file=sys.stderr)
            bad += 1
            continue
        rows.append((ip, f"{name}.{os.environ['INV_DOMAIN']}", name, row.get("role", "")))
for ip, fqdn, short, role in sorted(rows):
    print(f"{ip:<16} {fqdn} {short}    # {role}".rstrip())
print(f"{len(rows)} ok, {bad} skipped", file=sys.stderr)
PY
}

current_without_block() {
    awk -v b="$BEGIN" -v e="$END" '
        $0 == b {skip=1; next}
        $0 == e {skip=0; next}
        !skip {print}
    ' "$HOSTS_FILE"
}

main() {
    local block new_hosts
    block=$(render_block)
    if [[ -z "$block" ]]; then
        log "no valid devices in $INVENTORY, not touching $HOSTS_FILE"
        exit 1
    fi

    new_hosts=$(current_without_block; printf '%s\n%s\n%s\n' "$BEGIN" "$block" "$END")

    if diff -q <(echo "$new_hosts") "$HOSTS_FILE" >/dev/null 2>&1; then
        log "$HOSTS_FILE already up to date"
        return 0
    fi

    log "backing up $HOSTS_FILE"
    sudo cp -p "$HOSTS_FILE" "${HOSTS_FILE}.taproom.bak"
    printf '%s\n' "$new_hosts" | sudo tee "$HOSTS_FILE" >/dev/null
    sudo chmod 0644 "$HOSTS_FILE"
    log "wrote $(echo "$block" | wc -l) device entries to $HOSTS_FILE"

    local first
    first=$(echo "$block" | awk 'NR==1 {print $3}')
    if getent hosts "$first" >/dev/null; then
        log "lookup of $first works"
    else
        log "warning: $first does not resolve yet"
    fi
}

main
