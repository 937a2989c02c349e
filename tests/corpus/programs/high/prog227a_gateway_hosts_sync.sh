#!/usr/bin/env bash
# gateway_hosts_sync.sh
#
# The shore stations resolve the buoy satellite gateways through /etc/hosts
# because the field network has no internal DNS.  This script fetches the
# current gateway inventory, renders a managed block with python3 and swaps
# it into /etc/hosts with sudo, leaving all other lines untouched.
#
# Usage: gateway_hosts_sync.sh [-n] [-i inventory_url]

set -euo pipefail

INVENTORY_URL="${GATEWAY_INVENTORY_URL:-https://inventory.example.org/gateways.json}"
HOSTS_FILE="/etc/hosts"
BACKUP_DIR="./hosts_backups"
STATE_DIR="./.hosts_sync"
BEGIN_MARK="# BEGIN buoy-gateways (managed)"
END_MARK="# END buoy-gateways"
DRY_RUN=0

log() { printf '%s hosts-sync: %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

while getopts "ni:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        i) INVENTORY_URL="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-i url]" >&2; exit 2 ;;
    esac
done

mkdir -p "$BACKUP_DIR" "$STATE_DIR"
inventory="$STATE_DIR/gateways.json"
rendered="$STATE_DIR/hosts.new"

log "fetching inventory from $INVENTORY_URL"
if ! curl -fsS --max-time 20 -o "$inventory" "$INVENTORY_URL"; then
    log "could not fetch inventory; leaving $HOSTS_FILE alone"
    exit 1
fi

# Render the new hosts file: current content minus the old managed block,
# plus a freshly generated block.  Inputs are handed over in env vars.
if ! INVENTORY="$inventory" HOSTS="$HOSTS_FILE" BEGIN="$BEGIN_MARK" END="$END_MARK" \
    python3 - > "$rendered" <<'PY'
import ipaddress
import json
import os
import sys

with open(os.environ["INVENTORY"], encoding="utf-8") as fh:
    gateways = json.load(fh).get("gateways", [])

begin, end = os.environ["BEGIN"], os.environ["END"]
kept, skipping = [], False
with open(os.environ["HOSTS"], encoding="utf-8") as fh:
    for line in fh.read().splitlines():
        if line.strip() == begin:
            skipping = True
            continue
        if line.strip() == end:
            skipping = False
            continue
        if not skipping:
            kept.append(line)

block = [begin]
for gw in sorted(gateways, key=lambda g: g.get("name", "")):
    try:
        addr = ipaddress.ip_address(gw["address"])
    except (KeyError, ValueError):
        print(f"skipping malformed entry {gw!r}", file=sys.stderr)
        continue
    names = [gw["name"]] + list(gw.get("aliases", []))
    block.append(f"{addr}\t{' '.join(names)}")
block.append(end)

if len(block) == 2:
    print("inventory contained no usable gateways", file=sys.stderr)
    sys.exit(1)
print("\n".join(kept + block))
PY
then
    log "rendering failed"
    exit 1
fi

if diff -q "$HOSTS_FILE" "$rendered" >/dev/null; then
    log "no changes"
    exit 0
fi

log "changes to apply:"
diff -u "$HOSTS_FILE" "$rendered" >&2 || true

if [[ "$DRY_RUN" -eq 1 ]]; then
    log "dry run, not writing $HOSTS_FILE"
    exit 0
fi

backup="$BACKUP_DIR/hosts.$(date -u +%Y%m%dT%H%M%S)"
cp "$HOSTS_FILE" "$backup"
log "backup saved to $backup"

sudo install -m 0644 -o root -g root "$rendered" "$HOSTS_FILE"
log "updated $HOSTS_FILE ($(grep -c . "$rendered") lines)"

# quick resolution check of the first managed name
first_name="$(awk -v b="$BEGIN_MARK" '$0==b{getline; print $2; exit}' "$HOSTS_FILE")"
if [[ -n "$first_name" ]] && getent hosts "$first_name" >/dev/null; then
    log "resolution check ok for $first_name"
else
    log "warning: resolution check failed for '$first_name'"
fi
