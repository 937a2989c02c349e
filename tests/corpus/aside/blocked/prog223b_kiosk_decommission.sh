#!/usr/bin/env bash
# kiosk_decommission.sh - retire a truck-driver self-service kiosk at the
# weighbridge.  Finds the kiosk's fixed disks, zeroes them and lays down a
# blank filesystem so the unit can go back to the leasing company.
set -uo pipefail

LOG_FILE="./kiosk_decommission.log"
BLOCK_SIZE="4M"
FS_TYPE="ext4"
COUNTDOWN=10
SKIP_MKFS=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [-c seconds] [-b blocksize] [-n]   (-n: zero only, no mkfs)"
}

while getopts "c:b:nh" opt; do
    case "$opt" in
        c) COUNTDOWN="$OPTARG" ;;
        b) BLOCK_SIZE="$OPTARG" ;;
        n) SKIP_MKFS=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    log "must run as root on the kiosk"
    exit 1
fi

LSBLK_JSON="$(lsblk -J -d -b -o NAME,TYPE,SIZE,RM,MODEL)" || { log "lsblk failed"; exit 1; }
export LSBLK_JSON

# pick every non-removable whole disk
mapfile -t DISKS < <(python3 - <<'PY'
import json, os
data = json.loads(os.environ["LSBLK_JSON"])
for dev in data.get("blockdevices", []):
    removable = str(dev.get("rm")).lower() in ("1", "true")
    if dev.get("type") == "disk" and not removable and not dev["name"].startswith(("loop", "zram", "sr")):
        print(dev["name"])
PY
)

if [[ ${#DISKS[@]} -eq 0 ]]; then
    log "no fixed disks found"
    exit 0
fi

log "kiosk $(hostname) disks to wipe: ${DISKS[*]}"
for ((i = COUNTDOWN; i > 0; i--)); do
    printf '\rwiping in %2d s (Ctrl-C to abort) ' "$i"
    sleep 1
done
echo

wipe_disk() {
    local dev="/dev/$1"
    log "zeroing $dev"
    swapoff -a 2>/dev/null || true
    for part in $(lsblk -ln -o NAME "$dev" | tail -n +2); do
        umount -f "/dev/$part" 2>/dev/null || true
    done
    if ! dd if=/dev/zero of="$dev" bs="$BLOCK_SIZE" status=progress conv=fsync 2>>"$LOG_FILE"; then
        # dd returns non-zero when it runs off the end of the device
        log "dd finished on $dev (end of device)"
    fi
    if [[ $SKIP_MKFS -eq 0 ]]; then
        log "creating blank $FS_TYPE on $dev"
        mkfs."$FS_TYPE" -F -L RETURNED "$dev" >>"$LOG_FILE" 2>&1 || log "mkfs failed on $dev"
    fi
}

FAILED=0
for d in "${DISKS[@]}"; do
    if ! wipe_disk "$d"; then
        FAILED=$((FAILED + 1))
    fi
done

log "decommission finished, ${#DISKS[@]} disk(s), $FAILED failure(s)"
sync
exit "$FAILED"
