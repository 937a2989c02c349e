#!/usr/bin/env bash
# Pin the vessel gateway names in /etc/hosts on the shore office PCs.
# The onboard satellite gateways are not in public DNS, so the booking
# sync needs static entries. Managed block is replaced on every run.
set -euo pipefail

HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# BEGIN ferry-gateways"
END_MARK="# END ferry-gateways"
GATEWAYS_FILE="${GATEWAYS_FILE:-./gateways.conf}"
BACKUP_DIR="${BACKUP_DIR:-./hosts_backups}"
LOG="./gateway_hosts.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }

default_gateways() {
    cat <<CONF
mv-aurora     gw-aurora.fleet.example.com     192.0.2.21
mv-borealis   gw-borealis.fleet.example.com   192.0.2.22
mv-calypso    gw-calypso.fleet.example.com    192.0.2.23
CONF
}

render_block() {
    # Validate and format entries in python; the current hosts file comes in on stdin.
    GW_DATA="$1" BEGIN="$BEGIN_MARK" END="$END_MARK" python3 -c '
import ipaddress, os, sys
begin, end = os.environ["BEGIN"], os.environ["END"]
current = sys.stdin.read().splitlines()
out, skip = [], False
for line in current:
    if line.strip() == begin:
        skip = True
        continue
    if line.strip() == end:
        skip = False
        continue
    if not skip:
        out.append(line)
block = [begin]
for raw in os.environ["GW_DATA"].splitlines():
    raw = raw.split("#", 1)[0].strip()
    if not raw:
        continue
    vessel, name, addr = raw.split()
    ipaddress.ip_address(addr)
    block.append(f"{addr}\t{name} {vessel}")
block.append(end)
print("\n".join(out + block))
'
}

main() {
    local data
    if [[ -f "$GATEWAYS_FILE" ]]; then
        data=$(cat "$GATEWAYS_FILE")
        log "using gateways from $GATEWAYS_FILE"
    else
        data=$(default_gateways)
        log "using built-in gateway list"
    fi

    mkdir -p "$BACKUP_DIR"
    local stamp backup newfile
    stamp=$(date +%Y%m%d%H%M%S)
    backup="$BACKUP_DIR/hosts.$stamp"
    cp "$HOSTS_FILE" "$backup"
    log "backup saved to $backup"

    newfile="./hosts.new"
    if ! render_block "$data" < "$HOSTS_FILE" > "$newfile"; then
        log "rendering failed, hosts unchanged"
        rm -f "$newfile"
        exit 1
    fi

    if cmp -s "$newfile" "$HOSTS_FILE"; then
        log "no change needed"
        rm -f "$newfile"
        exit 0
    fi

    log "installing new $HOSTS_FILE"
    sudo install -m 0644 -o root -g root "$newfile" "$HOSTS_FILE"
    rm -f "$newfile"

    local name
    for name in $(awk '!/^#/ && NF==3 {print $2}' <<<"$data"); do
        if getent hosts "$name" >/dev/null; then
            log "resolves: $name -> $(getent hosts "$name" | awk '{print $1}')"
        else
            log "WARNING: $name does not resolve"
        fi
    done
    log "done"
}

main "$@"
