#!/usr/bin/env bash
# Publish the farm's controller registry to /etc/farmctl so every local
# tool (doser, climate loop, alarm panel) reads the same address list.
# Input: ./controllers.csv with columns name,role,address,port
set -euo pipefail

SRC_CSV="${SRC_CSV:-./controllers.csv}"
DEST_DIR="/etc/farmctl"
DEST_FILE="$DEST_DIR/controllers.conf"
BACKUP_KEEP=5
CHECK_ONLY=0

log() { logger -t farmctl-registry -- "$*" 2>/dev/null || true; echo "[registry] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --src) SRC_CSV="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        *) echo "usage: $0 [--src FILE] [--check]" >&2; exit 1 ;;
    esac
done

[[ -f "$SRC_CSV" ]] || { log "missing $SRC_CSV"; exit 1; }

# Validate and render in python; result comes back on stdout.
export SRC_CSV
RENDERED="$(python3 - <<'PY'
import csv
import ipaddress
import os
import sys

roles = {"doser", "climate", "irrigation", "alarm"}
out = ["# farmctl controller registry - generated, do not edit"]
errors = 0
with open(os.environ["SRC_CSV"]) as fh:
    for n, row in enumerate(csv.DictReader(fh), start=2):
        try:
            name = row["name"].strip()
            role = row["role"].strip().lower()
            addr = row["address"].strip()
            port = int(row.get("port") or 502)
            if role not in roles:
                raise ValueError(f"unknown role {role}")
            if not addr.endswith((".example.com", ".example.net")):
                ipaddress.ip_address(addr)
            if not 0 < port < 65536:
                raise ValueError("bad port")
        except (KeyError, ValueError) as exc:
            print(f"line {n}: {exc}", file=sys.stderr)
            errors += 1
            continue
        out.append(f"[{name}]\nrole = {role}\naddress = {addr}\nport = {port}\n")
if errors:
    sys.exit(2)
print("\n".join(out))
PY
)" || { log "validation failed"; exit 2; }

COUNT="$(grep -c '^\[' <<< "$RENDERED" || true)"
log "validated $COUNT controllers"

if [[ "$CHECK_ONLY" -eq 1 ]]; then
    printf '%s\n' "$RENDERED"
    exit 0
fi

if [[ $EUID -ne 0 ]]; then
    log "must run as root to write $DEST_FILE"
    exit 3
fi

mkdir -p "$DEST_DIR"
if [[ -f "$DEST_FILE" ]]; then
    if diff -q <(printf '%s\n' "$RENDERED") "$DEST_FILE" >/dev/null; then
        log "registry unchanged"
        exit 0
    fi
    cp -p "$DEST_FILE" "$DEST_FILE.$(date +%Y%m%d%H%M%S)"
    ls -1t "$DEST_FILE".* 2>/dev/null | tail -n +$((BACKUP_KEEP + 1)) | xargs -r rm -f
fi

printf '%s\n' "$RENDERED" > "$DEST_FILE.new"
chown root:root "$DEST_FILE.new"
chmod 0644 "$DEST_FILE.new"
mv "$DEST_FILE.new" "$DEST_FILE"
log "wrote $DEST_FILE"
