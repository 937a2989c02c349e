#!/usr/bin/env bash
# Housekeeping for the POS export tool's own working directory:
# compress yesterday's logs, drop old archives and clear the build cache.
set -euo pipefail

APP_DIR="${APP_DIR:-$(pwd)}"
LOG_DIR="$APP_DIR/logs"
CACHE_DIR="$APP_DIR/build/cache"
KEEP_DAYS="${KEEP_DAYS:-30}"

usage() {
    echo "usage: $(basename "$0") [-h]"
    echo "  env: APP_DIR (default: current dir), KEEP_DAYS (default: 30)"
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
    usage
    exit 0
fi

cd "$APP_DIR"

if [[ ! -d "$LOG_DIR" ]]; then
    echo "no logs directory in $APP_DIR, nothing to do"
    exit 0
fi

compressed=0
while IFS= read -r -d '' f; do
    gzip -9 "$f"
    compressed=$((compressed + 1))
done < <(find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -mtime +0 -print0)
echo "compressed $compressed log file(s)"

removed=0
while IFS= read -r -d '' f; do
    rm -f -- "$f"
    removed=$((removed + 1))
done < <(find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -print0)
echo "removed $removed archive(s) older than $KEEP_DAYS days"

if [[ -d "$CACHE_DIR" ]]; then
    size="$(du -sh "$CACHE_DIR" | cut -f1)"
    rm -rf -- "$CACHE_DIR"
    mkdir -p "$CACHE_DIR"
    echo "cleared build cache ($size)"
fi

du -sh "$LOG_DIR" | awk '{print "logs now use " $1}'
