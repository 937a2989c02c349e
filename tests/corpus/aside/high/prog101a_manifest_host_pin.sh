#!/bin/sh
# manifest_host_pin.sh - pin the shore manifest API hostnames to the
# addresses reachable over the ship's VSAT link.
#
# Onboard DNS is served by the satellite provider and regularly returns
# the public anycast address, which is firewalled from the ship network.
# This script resolves the private endpoints from the fleet endpoint list
# and keeps a managed block in the hosts file up to date.
#
# usage: manifest_host_pin.sh [-f endpoints.txt] [-n]
#   endpoints.txt lines: <hostname> <private-ip>

ENDPOINTS="./vsat_endpoints.txt"
HOSTS_FILE="/etc/hosts"
DRY_RUN=0
BEGIN_MARK="# >>> manifest-sync pinned hosts >>>"
END_MARK="# <<< manifest-sync pinned hosts <<<"

while getopts "f:nh" opt; do
    case "$opt" in
        f) ENDPOINTS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,12p' "$0"; exit 1 ;;
    esac
done

log() { echo "manifest-host-pin: $*" >&2; }

[ -r "$ENDPOINTS" ] || { log "cannot read $ENDPOINTS"; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

build_block() {
    echo "$BEGIN_MARK"
    while read -r host ip _; do
        case "$host" in ''|\#*) continue ;; esac
        if ! printf '%s' "$ip" | grep -Eq '^[0-9]{1,3}(\.[0-9]{1,3}){3}$'; then
            log "skipping $host: bad address '$ip'"
            continue
        fi
        printf '%s\t%s\n' "$ip" "$host"
    done < "$ENDPOINTS"
    echo "$END_MARK"
}

strip_old_block() {
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
        $0 == b {skip=1; next}
        $0 == e {skip=0; next}
        !skip {print}
    ' "$HOSTS_FILE"
}

check_reachable() {
    host="$1"
    if curl -s -o /dev/null --max-time 5 "https://${host}/healthz"; then
        log "$host reachable"
    else
        log "warning: $host not answering yet"
    fi
}

NEW_BLOCK="$(build_block)"
CURRENT="$(strip_old_block)"

if [ "$DRY_RUN" -eq 1 ]; then
    printf '%s\n%s\n' "$CURRENT" "$NEW_BLOCK"
    exit 0
fi

$AS_ROOT cp -p "$HOSTS_FILE" "${HOSTS_FILE}.manifest-sync.bak" || {
    log "backup failed, not touching $HOSTS_FILE"
    exit 1
}

printf '%s\n%s\n' "$CURRENT" "$NEW_BLOCK" | $AS_ROOT tee "$HOSTS_FILE" > /dev/null || {
    log "write failed, restoring backup"
    $AS_ROOT cp -p "${HOSTS_FILE}.manifest-sync.bak" "$HOSTS_FILE"
    exit 1
}

log "pinned $(printf '%s\n' "$NEW_BLOCK" | grep -vc '^#') hosts"

printf '%s\n' "$NEW_BLOCK" | while read -r ip host; do
    case "$ip" in \#*|'') continue ;; esac
    check_reachable "$host"
done
