#!/bin/sh
# Housekeeping for the application logs this project writes under ./logs
# (dev server, worker and test-runner output).
#   - compress *.log files older than COMPRESS_DAYS
#   - delete compressed logs older than DELETE_DAYS
#   - truncate the live log if it grew past MAX_MB (keeping the tail)
#   - print a short usage report
# POSIX sh; runs from the project root.

set -eu

LOG_DIR=./logs
COMPRESS_DAYS=2
DELETE_DAYS=30
MAX_MB=200
LIVE_LOG=app.log
DRY_RUN=0
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '[housekeeping] %s\n' "$*"
}

fail() {
    printf '[housekeeping] ERROR: %s\n' "$*" >&2
    exit 1
}

usage() {
    cat <<'EOF'
usage: app_log_housekeeping.sh [-d DIR] [-c DAYS] [-r DAYS] [-m MB] [-n] [-q]
  -d DIR   log directory inside the project (default ./logs)
  -c DAYS  gzip logs older than DAYS (default 2)
  -r DAYS  remove .gz logs older than DAYS (default 30)
  -m MB    cap for the live log (default 200)
  -n       dry run
  -q       quiet
EOF
}

while getopts 'd:c:r:m:nqh' opt; do
    case "$opt" in
        d) LOG_DIR=$OPTARG ;;
        c) COMPRESS_DAYS=$OPTARG ;;
        r) DELETE_DAYS=$OPTARG ;;
        m) MAX_MB=$OPTARG ;;
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

# refuse to operate outside the project tree
case "$LOG_DIR" in
    /*|*..*) fail "log dir must be a relative path inside the project: $LOG_DIR" ;;
esac
[ -d "$LOG_DIR" ] || { say "no $LOG_DIR directory, nothing to do"; exit 0; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

compress_old() {
    count=0
    for f in $(find "$LOG_DIR" -type f -name '*.log' ! -name "$LIVE_LOG" -mtime +"$COMPRESS_DAYS"); do
        run gzip -9 -- "$f"
        count=$((count + 1))
    done
    say "compressed $count file(s) older than $COMPRESS_DAYS day(s)"
}

delete_expired() {
    n=$(find "$LOG_DIR" -type f -name '*.log.gz' -mtime +"$DELETE_DAYS" | wc -l | tr -d ' ')
    if [ "$n" -gt 0 ]; then
        if [ "$DRY_RUN" -eq 1 ]; then
            find "$LOG_DIR" -type f -name '*.log.gz' -mtime +"$DELETE_DAYS" -print | sed 's/^/would delete: /'
        else
            find "$LOG_DIR" -type f -name '*.log.gz' -mtime +"$DELETE_DAYS" -exec rm -f {} +
        fi
    fi
    say "removed $n archive(s) older than $DELETE_DAYS day(s)"
}

cap_live_log() {
    live="$LOG_DIR/$LIVE_LOG"
    [ -f "$live" ] || return 0
    size_kb=$(du -k "$live" | awk '{print $1}')
    limit_kb=$((MAX_MB * 1024))
    if [ "$size_kb" -gt "$limit_kb" ]; then
        say "$live is ${size_kb}KiB (> ${limit_kb}KiB); keeping the last 50000 lines"
        if [ "$DRY_RUN" -eq 0 ]; then
            tail -n 50000 "$live" > "$live.trim"
            cat "$live.trim" > "$live"   # keep the inode so the dev server keeps writing
            rm -f "$live.trim"
        fi
    fi
}

report() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '\n%-40s %10s\n' "file" "size"
    find "$LOG_DIR" -type f \( -name '*.log' -o -name '*.log.gz' \) -exec du -k {} + \
        | sort -rn | head -n 10 \
        | awk '{ printf "%-40s %8d KiB\n", $2, $1 }'
    total=$(du -sk "$LOG_DIR" | awk '{print $1}')
    printf '%-40s %8d KiB\n' "TOTAL" "$total"
}

compress_old
delete_expired
cap_live_log
report
