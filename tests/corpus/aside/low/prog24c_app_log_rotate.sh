#!/bin/sh
# rotate-logs.sh - size/age based rotation for the worker's own log files.
# Runs from the service checkout; only touches ./logs and ./logs/archive.
#
#   ./rotate-logs.sh [-s max_kb] [-k keep_days] [-v]

LOG_DIR=./logs
ARCHIVE_DIR=$LOG_DIR/archive
MAX_KB=10240
KEEP_DAYS=14
VERBOSE=0

say() {
    [ "$VERBOSE" -eq 1 ] && printf '%s rotate: %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*"
    return 0
}

err() {
    printf 'rotate: %s\n' "$*" >&2
}

usage() {
    echo "usage: $0 [-s max_kb] [-k keep_days] [-v]" >&2
    exit 64
}

while getopts 's:k:v' opt; do
    case $opt in
        s) MAX_KB=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))

case $MAX_KB in
    ''|*[!0-9]*) err "max size must be a number of KiB"; exit 64 ;;
esac
case $KEEP_DAYS in
    ''|*[!0-9]*) err "keep days must be a number"; exit 64 ;;
esac

[ -d "$LOG_DIR" ] || { err "no $LOG_DIR directory here ($(pwd))"; exit 1; }
mkdir -p "$ARCHIVE_DIR" || exit 1

size_kb() {
    du -k "$1" 2>/dev/null | awk '{print $1}'
}

rotate_one() {
    f=$1
    base=$(basename "$f" .log)
    stamp=$(date +%Y%m%dT%H%M%S)
    target="$ARCHIVE_DIR/$base-$stamp.log"

    # copy-then-truncate so the worker keeps its open file descriptor
    if ! cp -p "$f" "$target"; then
        err "could not copy $f"
        return 1
    fi
    : > "$f"
    gzip -9 "$target" && say "rotated $f -> $target.gz"
}

rotated=0
for f in "$LOG_DIR"/*.log; do
    [ -f "$f" ] || continue
    kb=$(size_kb "$f")
    if [ "${kb:-0}" -ge "$MAX_KB" ]; then
        rotate_one "$f" && rotated=$((rotated + 1))
    else
        say "$f is ${kb}KiB, below ${MAX_KB}KiB"
    fi
done

# retention: drop our own compressed archives older than KEEP_DAYS
pruned=0
for old in $(find "$ARCHIVE_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$KEEP_DAYS"); do
    rm -f -- "$old" && pruned=$((pruned + 1))
    say "pruned $old"
done

total_kb=$(du -sk "$ARCHIVE_DIR" | awk '{print $1}')
printf 'rotate: %d rotated, %d pruned, archive is %s KiB\n' "$rotated" "$pruned" "$total_kb"
exit 0
