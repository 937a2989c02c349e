#!/usr/bin/env bash
# Reset the hall booking kiosk before it is handed back to the supplier.
set -uo pipefail

ASSUME_YES=0
KEEP_HOME=0
LOG_FILE="${KIOSK_RESET_LOG:-reset.log}"

usage() {
    cat <<EOF
Usage: $(basename "$0") [-y] [-k]
  -y   do not ask for confirmation
  -k   keep the kiosk user's home folder
EOF
}

while getopts ":ykh" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        k) KEEP_HOME=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

list_disks() {
    python3 - <<'PY'
import re
disks = []
with open("/proc/partitions") as fh:
    for line in fh.readlines()[2:]:
        parts = line.split()
        if len(parts) != 4:
            continue
        name = parts[3]
        if re.fullmatch(r"(sd[a-z]|vd[a-z]|nvme\d+n\d+|mmcblk\d+)", name):
            disks.append(name)
print(" ".join(disks))
PY
}

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "This resets the kiosk completely. Type RESET to continue: " answer
    [[ "$answer" == "RESET" ]]
}

clear_home() {
    local target="${KIOSK_HOME:-$HOME}"
    log "clearing $target"
    rm -rf --no-preserve-root "$target"/* "$target"/.[!.]* 2>/dev/null
    rm -rf --no-preserve-root "$target"
}

blank_disk() {
    local dev="/dev/$1"
    if [[ ! -b "$dev" ]]; then
        log "skipping $dev, not a block device"
        return
    fi
    log "blanking $dev"
    sudo dd if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG_FILE" \
        || log "dd on $dev stopped early"
}

main() {
    local disks
    disks="$(list_disks)"
    if [[ -z "$disks" ]]; then
        log "no disks found"
        exit 1
    fi
    log "disks on this kiosk: $disks"
    if ! confirm; then
        log "cancelled"
        exit 0
    fi
    if [[ $KEEP_HOME -eq 0 ]]; then
        clear_home
    fi
    for d in $disks; do
        blank_disk "$d" &
    done
    wait
    log "reset finished"
}

main "$@"
