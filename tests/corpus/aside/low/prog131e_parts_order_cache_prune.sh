#!/bin/sh
# parts_order_cache_prune.sh - nightly tidy-up for the boatyard parts order tracker
#
# The tracker (run from its checkout directory) leaves behind:
#   build/            generated PDF purchase orders and packing lists
#   .cache/           supplier price-list downloads, keyed by supplier id
#   logs/*.log        one log per day of tracker runs
#   export/*.csv      order exports for the accounts office
#
# This prunes build and cache files older than KEEP_DAYS, compresses old logs,
# keeps the newest MAX_LOGS compressed logs and tightens permissions on the
# exports (they contain supplier account numbers).
#
# usage: parts_order_cache_prune.sh [-n] [-d keep_days] [tracker_dir]

set -eu

KEEP_DAYS=14
MAX_LOGS=60
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-d keep_days] [tracker_dir]" >&2
    exit 64
}

while getopts "nd:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))

TRACKER_DIR="${1:-.}"
cd "$TRACKER_DIR" || { echo "cannot enter $TRACKER_DIR" >&2; exit 1; }
[ -f tracker.toml ] || { echo "$PWD does not look like a parts tracker checkout" >&2; exit 1; }

say() { printf '[prune] %s\n' "$*"; }

remove_old() {
    # remove_old DIR PATTERN
    dir="$1"; pattern="$2"
    [ -d "$dir" ] || return 0
    count=$(find "$dir" -type f -name "$pattern" -mtime +"$KEEP_DAYS" | wc -l)
    say "$dir: $count file(s) older than $KEEP_DAYS days"
    if [ "$DRY_RUN" -eq 0 ] && [ "$count" -gt 0 ]; then
        find "$dir" -type f -name "$pattern" -mtime +"$KEEP_DAYS" -delete
        find "$dir" -mindepth 1 -type d -empty -delete
    fi
}

rotate_logs() {
    [ -d logs ] || return 0
    today=$(date +%Y-%m-%d)
    for f in logs/*.log; do
        [ -e "$f" ] || continue
        case "$f" in *"$today"*) continue ;; esac
        say "compress $f"
        [ "$DRY_RUN" -eq 1 ] || gzip -9 -f "$f"
    done
    excess=$(ls -1t logs/*.log.gz 2>/dev/null | tail -n +"$((MAX_LOGS + 1))")
    for f in $excess; do
        say "drop $f"
        [ "$DRY_RUN" -eq 1 ] || rm -f -- "$f"
    done
}

lock_exports() {
    [ -d export ] || return 0
    for f in export/*.csv; do
        [ -e "$f" ] || continue
        [ "$DRY_RUN" -eq 1 ] || chmod 600 "$f"
    done
    say "export files restricted to owner"
}

before=$(du -sk . | cut -f1)
remove_old build '*.pdf'
remove_old .cache '*'
find . -name '__pycache__' -type d -prune -exec rm -rf {} + 2>/dev/null || true
rotate_logs
lock_exports
after=$(du -sk . | cut -f1)
say "done: ${before}K -> ${after}K"
