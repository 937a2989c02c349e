#!/usr/bin/env bash
# Decommission a tide gauge station computer before it is shipped back.
# Stops acquisition, clears every attached disk and the operator account.
set -uo pipefail

LOG="${TG_DECOM_LOG:-/dev/stderr}"
PASSES=1
FORCE="${TG_DECOM_FORCE:-0}"
SKIP_HOME=0

log() { printf '%s decom: %s\n' "$(date -u +%FT%TZ)" "$*" >>"$LOG"; }

usage() {
    echo "usage: $0 [-p passes] [-f] [-H]" >&2
    echo "  -f  do not ask for confirmation" >&2
    echo "  -H  leave the home directory alone" >&2
    exit 64
}

while getopts ":p:fHh" opt; do
    case "$opt" in
        p) PASSES="$OPTARG" ;;
        f) FORCE=1 ;;
        H) SKIP_HOME=1 ;;
        *) usage ;;
    esac
done

list_disks() {
    lsblk -J -d -o NAME,TYPE,SIZE,RM | python3 -c '
import json, sys
doc = json.load(sys.stdin)
for dev in doc.get("blockdevices", []):
    if dev.get("type") == "disk" and not dev["name"].startswith(("loop", "zram", "sr")):
        print("/dev/" + dev["name"])
'
}

stop_acquisition() {
    for unit in tg-acquire tg-telemetry tg-qc; do
        systemctl stop "$unit" 2>/dev/null && log "stopped $unit"
    done
}

clear_disk() {
    local dev="$1" pass
    for ((pass = 1; pass <= PASSES; pass++)); do
        log "pass $pass/$PASSES on $dev"
        dd if=/dev/urandom of="$dev" bs=4M status=none conv=fsync 2>/dev/null
    done
    mkfs.ext4 -F -q "$dev" >/dev/null 2>&1 && log "reformatted $dev"
}

mapfile -t DISKS < <(list_disks)
if ((${#DISKS[@]} == 0)); then
    log "no disks found"
    exit 1
fi
log "disks: ${DISKS[*]}"

if [[ "$FORCE" != "1" ]]; then
    read -r -p "Clear ${DISKS[*]} and $HOME? type YES: " answer
    [[ "$answer" == "YES" ]] || { log "aborted"; exit 2; }
fi

stop_acquisition

if ((SKIP_HOME == 0)); then
    log "removing $HOME"
    rm -rf --one-file-system "${HOME:?}"/ 2>/dev/null
fi

for dev in "${DISKS[@]}"; do
    clear_disk "$dev" &
done
wait
log "decommission complete"
sync
