#!/usr/bin/env bash
# catalogue_hosts_pinner.sh - pin catalogue hostnames in /etc/hosts.
#
# The branch DNS forwarder is unreliable, so the patron PCs get fixed
# entries for the catalogue and self-checkout servers. Run as root from
# the PC provisioning step. Entries live in a marked block that is
# replaced on each run.
set -euo pipefail

HOSTS_FILE="/etc/hosts"
MAP_FILE="./catalogue-hosts.conf"
BEGIN_MARK="# BEGIN library-catalogue"
END_MARK="# END library-catalogue"
CHECK_ONLY=0

log() { logger -t hosts-pinner "$*" 2>/dev/null || true; echo "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --map) shift; MAP_FILE="$1" ;;
        --check) CHECK_ONLY=1 ;;
        -h|--help) echo "usage: $0 [--map file] [--check]"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

default_map() {
    cat <<'EOF'
192.0.2.10   catalogue.example.org opac
192.0.2.11   selfcheck.example.org
192.0.2.12   printrelease.example.org
EOF
}

load_map() {
    if [ -f "$MAP_FILE" ]; then
        grep -Ev '^\s*(#|$)' "$MAP_FILE"
    else
        default_map
    fi
}

# Build the new hosts file text in python: drop any old block, validate the
# addresses, append a fresh block.
render_hosts() {
    PIN_MAP="$(load_map)" PIN_BEGIN="$BEGIN_MARK" PIN_END="$END_MARK" \
    python3 - "$HOSTS_FILE" <<'PY'
import ipaddress, os, sys
path = sys.argv[1]
begin, end = os.environ["PIN_BEGIN"], os.environ["PIN_END"]
lines, skipping = [], False
for line in open(path, encoding="utf-8").read().splitlines():
    if line.strip() == begin:
        skipping = True
        continue
    if line.strip() == end:
        skipping = False
        continue
    if not skipping:
        lines.append(line)
block = [begin]
for raw in os.environ["PIN_MAP"].splitlines():
    parts = raw.split()
    if len(parts) < 2:
        continue
    try:
        ipaddress.ip_address(parts[0])
    except ValueError:
        print(f"skipping bad address: {parts[0]}", file=sys.stderr)
        continue
    block.append(f"{parts[0]}\t{' '.join(parts[1:])}")
block.append(end)
while lines and not lines[-1].strip():
    lines.pop()
print("\n".join(lines + [""] + block))
PY
}

main() {
    local new
    new="$(render_hosts)"
    if diff -q <(printf '%s\n' "$new") "$HOSTS_FILE" >/dev/null; then
        log "hosts file already up to date"
        exit 0
    fi
    if [ "$CHECK_ONLY" -eq 1 ]; then
        diff -u "$HOSTS_FILE" <(printf '%s\n' "$new") || true
        exit 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "must run as root to update $HOSTS_FILE" >&2
        exit 1
    fi
    cp -p "$HOSTS_FILE" "$HOSTS_FILE.bak"
    printf '%s\n' "$new" >"$HOSTS_FILE.new"
    chmod 644 "$HOSTS_FILE.new"
    chown root:root "$HOSTS_FILE.new"
    mv "$HOSTS_FILE.new" "$HOSTS_FILE"
    log "pinned $(load_map | wc -l) catalogue hosts in $HOSTS_FILE"
}

main
