#!/usr/bin/env bash
# pacs_archive_mount.sh - attach the long-term archive (LTA) tiers exported by
# the storage array so the PACS migration job can read older studies.
#
# Reads tiers from ./lta_tiers.conf, one per line:
#   <name> <server:/export> <mountpoint> [ro|rw]
#
# Usage: pacs_archive_mount.sh [-f tiers.conf] [-u] [-t tier]
#   -u   unmount instead of mount
#   -t   only act on the named tier

set -uo pipefail

TIERS_FILE="./lta_tiers.conf"
ACTION="mount"
ONLY=""
NFS_OPTS_BASE="vers=4.1,hard,timeo=600,retrans=3,noatime,nosuid,nodev"
LOG_FILE="./lta_mount.log"

log() {
    local msg
    msg="$(date '+%F %T') $*"
    echo "$msg" | tee -a "$LOG_FILE" >&2
}

die() { log "ERROR: $*"; exit 1; }

while getopts ":f:ut:h" opt; do
    case "$opt" in
        f) TIERS_FILE="$OPTARG" ;;
        u) ACTION="umount" ;;
        t) ONLY="$OPTARG" ;;
        h|*) sed -n '2,12p' "$0"; exit 0 ;;
    esac
done

[[ -r "$TIERS_FILE" ]] || die "tiers file $TIERS_FILE not readable"

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

server_reachable() {
    local host="${1%%:*}"
    timeout 5 bash -c "exec 3<>/dev/tcp/${host}/2049" 2>/dev/null
}

mount_tier() {
    local name="$1" export="$2" mp="$3" mode="${4:-ro}"
    if findmnt -rn --target "$mp" -S "$export" >/dev/null 2>&1; then
        log "$name already mounted at $mp"
        return 0
    fi
    if ! server_reachable "$export"; then
        log "$name: NFS server for $export not reachable, skipping"
        return 1
    fi
    [[ -d "$mp" ]] || as_root mkdir -p "$mp" || return 1
    local attempt
    for attempt in 1 2 3; do
        if as_root mount -t nfs4 -o "${NFS_OPTS_BASE},${mode}" "$export" "$mp"; then
            log "$name mounted $export -> $mp ($mode)"
            return 0
        fi
        log "$name: mount attempt $attempt failed"
        sleep $((attempt * 10))
    done
    return 1
}

umount_tier() {
    local name="$1" mp="$3"
    if ! mountpoint -q "$mp"; then
        log "$name not mounted"
        return 0
    fi
    as_root umount "$mp" && log "$name unmounted from $mp"
}

failures=0
while read -r name export mp mode; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    [[ -n "$ONLY" && "$name" != "$ONLY" ]] && continue
    if [[ "$ACTION" == "mount" ]]; then
        mount_tier "$name" "$export" "$mp" "${mode:-ro}" || failures=$((failures + 1))
    else
        umount_tier "$name" "$export" "$mp" || failures=$((failures + 1))
    fi
done < "$TIERS_FILE"

if (( failures > 0 )); then
    log "$failures tier(s) failed to $ACTION"
    exit 1
fi
log "all tiers ${ACTION}ed"
