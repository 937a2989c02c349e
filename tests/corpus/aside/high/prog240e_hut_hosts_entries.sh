#!/usr/bin/env bash
# Add local name entries for the hut's devices (charge controller, battery
# monitor, booking terminal) to /etc/hosts so the tools can use names
# instead of raw addresses. Uses sudo because /etc/hosts is owned by root.
set -euo pipefail

DEVICES_FILE="${DEVICES_FILE:-./devices.json}"
DOMAIN="${HUT_DOMAIN:-hut.example.org}"
MARK_BEGIN="# BEGIN hut-devices"
MARK_END="# END hut-devices"
HOSTS="/etc/hosts"
APPLY=1

usage() {
    echo "usage: $0 [--check] [--devices FILE] [--domain DOMAIN]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) APPLY=0; shift ;;
        --devices) DEVICES_FILE="$2"; shift 2 ;;
        --domain) DOMAIN="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

log() { echo "[$(date +%T)] $*" >&2; }

[[ -r "$DEVICES_FILE" ]] || { log "missing $DEVICES_FILE"; exit 1; }

# Validate the device list and render the hosts block in Python.
BLOCK="$(DEVICES_FILE="$DEVICES_FILE" DOMAIN="$DOMAIN" python3 - <<'PY'
import ipaddress, json, os, re, sys
ALLOWED = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]
name_ok = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")
with open(os.environ["DEVICES_FILE"]) as fh:
    devices = json.load(fh)
lines = []
for dev in devices:
    try:
        addr = ipaddress.ip_address(dev["address"])
    except (KeyError, ValueError):
        print(f"bad address in {dev}", file=sys.stderr)
        continue
    if not any(addr in net for net in ALLOWED):
        print(f"{addr} is outside the hut networks, skipped", file=sys.stderr)
        continue
    name = dev.get("name", "")
    if not name_ok.match(name):
        print(f"bad name {name!r}, skipped", file=sys.stderr)
        continue
    lines.append(f"{addr}\t{name}.{os.environ['DOMAIN']} {name}")
print("\n".join(sorted(lines)))
PY
)"

if [[ -z "$BLOCK" ]]; then
    log "no valid devices found"
    exit 1
fi

log "rendered $(wc -l <<<"$BLOCK") host entries"

current_block() {
    sed -n "/^$MARK_BEGIN\$/,/^$MARK_END\$/p" "$HOSTS" | sed '1d;$d'
}

if [[ "$(current_block)" == "$BLOCK" ]]; then
    log "$HOSTS already up to date"
    exit 0
fi

if (( ! APPLY )); then
    log "check mode: $HOSTS would change to:"
    printf '%s\n' "$BLOCK"
    exit 0
fi

log "updating $HOSTS (sudo may ask for your password)"
# Remove the old block and append the new one.
sudo sed -i "/^$MARK_BEGIN\$/,/^$MARK_END\$/d" "$HOSTS"
printf '%s\n%s\n%s\n' "$MARK_BEGIN" "$BLOCK" "$MARK_END" | sudo tee -a "$HOSTS" >/dev/null
log "done"

getent hosts "$(head -n1 <<<"$BLOCK" | awk '{print $3}')" >/dev/null \
    && log "name resolution verified" \
    || log "warning: first entry does not resolve yet"
