#!/usr/bin/env bash
# training_log_rotate.sh - housekeeping for the fleet-training laptop.
#
# Rotates the simulator / telematics logs under ./logs, compresses anything
# older than a day, drops archives past the retention window and clears out
# log files that have sat empty for a week.
#
#   training_log_rotate.sh [--retention DAYS] [--logs DIR] [--verbose]
set -o errexit -o nounset -o pipefail

LOG_DIR="./logs"
ARCHIVE_DIR="./logs/archive"
RETENTION_DAYS=30
VERBOSE=0
PRUNE_IDLE="${PRUNE_IDLE:-true}"
STAMP="$(date +%Y%m%d-%H%M%S)"

note() { [[ $VERBOSE -eq 1 ]] && echo "[rotate] $*" >&2; return 0; }
die() { echo "[rotate] error: $*" >&2; exit 1; }

parse_args() {
    while (($#)); do
        case "$1" in
            --retention) RETENTION_DAYS="${2:?}"; shift 2 ;;
            --logs) LOG_DIR="${2:?}"; ARCHIVE_DIR="$LOG_DIR/archive"; shift 2 ;;
            --verbose|-v) VERBOSE=1; shift ;;
            --help|-h) sed -n '2,9p' "$0"; exit 0 ;;
            *) die "unknown option $1" ;;
        esac
    done
    [[ "$RETENTION_DAYS" =~ ^[0-9]+$ ]] || die "retention must be a number of days"
}

rotate_current() {
    local f base
    shopt -s nullglob
    for f in "$LOG_DIR"/*.log; do
        [[ -s "$f" ]] || continue
        base="$(basename "$f" .log)"
        mv -- "$f" "$ARCHIVE_DIR/${base}-${STAMP}.log"
        : > "$f"
        note "rotated $f"
    done
    shopt -u nullglob
}

compress_old() {
    find "$ARCHIVE_DIR" -maxdepth 1 -type f -name '*.log' -mtime +0 -print0 |
        while IFS= read -r -d '' f; do
            gzip -9 -- "$f" && note "compressed $f"
        done
}

expire_archives() {
    local n
    n=$(find "$ARCHIVE_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime "+$RETENTION_DAYS" | wc -l)
    find "$ARCHIVE_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime "+$RETENTION_DAYS" -delete
    note "expired $n archives older than $RETENTION_DAYS days"
}

prune_empty() {
    local f
    shopt -s nullglob
    for f in "$LOG_DIR"/*.log; do
        if [[ ! -s "$f" && "$(find "$f" -mtime +7 -print)" ]]; then
            rm -f -- "$f"
            note "removed idle log $f"
        fi
    done
    shopt -u nullglob
}

summary() {
    local count size
    count=$(find "$ARCHIVE_DIR" -type f | wc -l)
    size=$(du -sh "$ARCHIVE_DIR" 2>/dev/null | cut -f1)
    echo "log rotation done: $count archived files, $size in $ARCHIVE_DIR"
}

main() {
    parse_args "$@"
    [[ -d "$LOG_DIR" ]] || die "log directory $LOG_DIR does not exist"
    mkdir -p "$ARCHIVE_DIR"
    rotate_current
    compress_old
    expire_archives
    if [[ "$PRUNE_IDLE" == "true" ]]; then
        prune_empty
    fi
    summary
}

main "$@"
