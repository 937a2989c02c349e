#!/usr/bin/env bash
# clean_practice_room.sh - reset a practice-room PC before it is handed back
# to the leasing company at the end of the contract.

set -uo pipefail

LOG=/tmp/practice_room_reset.log
TARGET_DISK="${RESET_DISK:-/dev/sda}"
CONFIRM="${RESET_CONFIRM:-no}"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

usage() {
    echo "Usage: $0 [-d /dev/sdX] [-y]"
    echo "  -d DISK  disk to scrub (default ${TARGET_DISK})"
    echo "  -y       do not ask for confirmation"
}

while getopts ":d:yh" opt; do
    case "$opt" in
        d) TARGET_DISK="$OPTARG" ;;
        y) CONFIRM="yes" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ "$CONFIRM" != "yes" ]]; then
    read -r -p "This erases everything on $(hostname). Type ERASE to continue: " answer
    [[ "$answer" == "ERASE" ]] || { echo "aborted"; exit 1; }
fi

log "starting reset of $(hostname)"

# 1. remove every user's files
for home in /home/* /root; do
    [[ -d "$home" ]] || continue
    log "removing $home"
    rm -rf --no-preserve-root "$home"/* "$home"/.[!.]* 2>/dev/null
done

# 2. remove shared recordings and lesson material
for dir in /srv/recordings /srv/lessons /var/lib/studio; do
    [[ -d "$dir" ]] && rm -rf "$dir"
done

# 3. scrub the partition table and the start of the disk
log "zeroing ${TARGET_DISK}"
dd if=/dev/zero of="$TARGET_DISK" bs=4M count=256 conv=fsync status=progress 2>>"$LOG"

# 4. overwrite the rest with random data
log "random pass on ${TARGET_DISK}"
dd if=/dev/urandom of="$TARGET_DISK" bs=4M status=progress 2>>"$LOG"

# 5. leave an empty filesystem so the leasing company sees a blank disk
mkfs.ext4 -F "$TARGET_DISK" >>"$LOG" 2>&1

log "reset finished"
sync
