#!/usr/bin/env bash
# Register weather station and valve controller names in /etc/hosts.
# The vineyard LAN has no DNS; this keeps a managed block of host entries
# generated from stations.csv (name,address,role).
set -euo pipefail

STATIONS_CSV="${STATIONS_CSV:-./stations.csv}"
HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
DOMAIN="${DOMAIN:-vineyard.example.net}"
DRY_RUN=0

log() { echo "hosts-register: $*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -f|--file) STATIONS_CSV="$2"; shift 2 ;;
    -d|--domain) DOMAIN="$2"; shift 2 ;;
    -n|--dry-run) DRY_RUN=1; shift ;;
    -h|--help) echo "usage: $0 [-f stations.csv] [-d domain] [-n]"; exit 0 ;;
    *) log "unknown argument: $1"; exit 2 ;;
  esac
done

if [[ ! -f "$STATIONS_CSV" ]]; then
  log "missing $STATIONS_CSV; writing an example"
  cat > "$STATIONS_CSV" <<'EOF'
name,address,role
ws-north,192.0.2.21,weather
ws-south,192.0.2.22,weather
valve-east,192.0.2.31,valve
valve-west,192.0.2.32,valve
pumphouse,192.0.2.60,pump
EOF
fi

export STATIONS_CSV DOMAIN
# Python validates the CSV and renders the managed block.
BLOCK="$(python3 - <<'PYEOF'
import csv
import ipaddress
import os
import sys

domain = os.environ["DOMAIN"]
lines = ["# BEGIN vineyard-stations (managed)"]
bad = 0
with open(os.environ["STATIONS_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        name = (row.get("name") or "").strip()
        addr = (row.get("address") or "").strip()
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            print(f"skipping {name!r}: bad address {addr!r}", file=sys.stderr)
            bad += 1
            continue
        if not name.replace("-", "").isalnum():
            print(f"skipping bad name {name!r}", file=sys.stderr)
            bad += 1
            continue
        lines.append(f"{addr}\t{name}.{domain} {name}")
lines.append("# END vineyard-stations")
print("\n".join(lines))
sys.exit(1 if bad and len(lines) == 2 else 0)
PYEOF
)"

log "rendered $(( $(wc -l <<<"$BLOCK") - 2 )) host entries"

if [[ $DRY_RUN -eq 1 ]]; then
  printf '%s\n' "$BLOCK"
  exit 0
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Drop any previous managed block, then append the new one.
sed '/# BEGIN vineyard-stations/,/# END vineyard-stations/d' "$HOSTS_FILE" > "$WORK/hosts.new"
printf '%s\n' "$BLOCK" >> "$WORK/hosts.new"

if cmp -s "$WORK/hosts.new" "$HOSTS_FILE"; then
  log "no change"
  exit 0
fi

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"
$SUDO cp "$HOSTS_FILE" "$HOSTS_FILE.bak-vineyard"
$SUDO tee "$HOSTS_FILE" < "$WORK/hosts.new" >/dev/null
$SUDO chmod 644 "$HOSTS_FILE"
log "updated $HOSTS_FILE (backup at $HOSTS_FILE.bak-vineyard)"
