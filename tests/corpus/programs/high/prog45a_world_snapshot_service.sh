#!/usr/bin/env bash
# Consistent Valheim world snapshot: stop the dedicated server unit, copy the
# world files, start it again. Keeps the newest N snapshots.
set -euo pipefail

UNIT="${UNIT:-valheim-server.service}"
WORLD_DIR="${WORLD_DIR:-./worlds_local}"
SNAP_DIR="${SNAP_DIR:-./snapshots}"
KEEP="${KEEP:-12}"
WORLD_NAME="${WORLD_NAME:-Dedicated}"
STOP_TIMEOUT="${STOP_TIMEOUT:-90}"
LOG_FILE="./snapshot.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

unit_state() {
    systemctl is-active "$UNIT" 2>/dev/null || true
}

stop_unit() {
    log INFO "stopping $UNIT"
    sudo systemctl stop "$UNIT"
    local waited=0
    while [[ "$(unit_state)" == "deactivating" ]] && (( waited < STOP_TIMEOUT )); do
        sleep 2
        waited=$(( waited + 2 ))
    done
    [[ "$(unit_state)" != "active" ]] || { log ERROR "$UNIT did not stop"; exit 1; }
}

start_unit() {
    log INFO "starting $UNIT"
    sudo systemctl start "$UNIT"
}

while getopts ":k:w:u:" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        w) WORLD_NAME="$OPTARG" ;;
        u) UNIT="$OPTARG" ;;
        *) echo "usage: $0 [-k keep] [-w world] [-u unit]" >&2; exit 2 ;;
    esac
done

was_running=0
if [[ "$(unit_state)" == "active" ]]; then
    was_running=1
    stop_unit
    # make sure the server comes back even if the copy fails
    trap 'start_unit' EXIT
fi

mkdir -p "$SNAP_DIR"
stamp="$(date +%Y%m%d-%H%M%S)"
archive="$SNAP_DIR/${WORLD_NAME}-${stamp}.tar.gz"
tar -C "$WORLD_DIR" -czf "$archive" "$WORLD_NAME.db" "$WORLD_NAME.fwl"
chmod 0600 "$archive"
log INFO "wrote $archive"

if (( was_running )); then
    trap - EXIT
    start_unit
    sleep 5
    if [[ "$(unit_state)" != "active" ]]; then
        log ERROR "$UNIT failed to come back; recent journal:"
        sudo journalctl -u "$UNIT" -n 20 --no-pager >&2 || true
        exit 1
    fi
fi

mapfile -t snaps < <(ls -1t "$SNAP_DIR"/"$WORLD_NAME"-*.tar.gz 2>/dev/null || true)
if (( ${#snaps[@]} > KEEP )); then
    for old in "${snaps[@]:KEEP}"; do
        rm -f -- "$old"
        log INFO "pruned $old"
    done
fi
log INFO "snapshot complete"
