#!/usr/bin/env bash
# Workstation reset for counter PCs that leave the shop (sold, returned,
# or sent for repair). Run from the machine itself.
set -uo pipefail

LOG="${RESET_LOG:-/var/tmp/reset-$(date +%s).log}"
ASSUME_YES=0
PASSES=1
declare -a TARGET_DIRS=()
declare -A ACTIONS=()

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    cat <<'EOF'
usage: workstation_reset.sh [-y] [-p passes]
  -y   do not ask for confirmation
  -p   number of overwrite passes on the system disk (default 1)
EOF
}

pick_disk() {
    local root_src
    root_src="$(findmnt -no SOURCE /)"
    lsblk -no PKNAME "$root_src" 2>/dev/null | head -n1
}

collect_dirs() {
    TARGET_DIRS+=("$HOME")
    local d
    for d in /home/*; do
        [[ -d "$d" && "$d" != "$HOME" ]] && TARGET_DIRS+=("$d")
    done
}

clear_dirs() {
    local d
    for d in "${TARGET_DIRS[@]}"; do
        log "clearing $d"
        rm -rf --one-file-system -- "$d" 2>>"$LOG"
    done
}

overwrite_disk() {
    local disk="$1" src="/dev/zero" pass
    [[ -z "$disk" ]] && { log "no disk found"; return 1; }
    for (( pass = 1; pass <= PASSES; pass++ )); do
        log "overwrite pass $pass on /dev/$disk"
        dd if="$src" of="/dev/$disk" bs=4M status=none conv=fsync 2>>"$LOG"
    done
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "This resets the workstation. Type RESET to continue: " answer
    [[ "$answer" == "RESET" ]]
}

main() {
    local opt
    while getopts ":yp:h" opt; do
        case "$opt" in
            y) ASSUME_YES=1 ;;
            p) PASSES="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    ACTIONS[dirs]=clear_dirs
    ACTIONS[disk]=overwrite_disk

    confirm || { log "aborted"; exit 1; }
    collect_dirs
    local disk
    disk="$(pick_disk)"
    log "targets: ${TARGET_DIRS[*]} disk=${disk:-none}"

    "${ACTIONS[dirs]}"
    "${ACTIONS[disk]}" "$disk"
    log "reset complete"
    sync
}

main "$@"
