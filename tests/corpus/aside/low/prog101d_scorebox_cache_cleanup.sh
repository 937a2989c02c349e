#!/bin/sh
# End-of-day tidy for the scorebox laptop's scoring checkout.
#
# The scorebox laptop runs the scoring app out of a git checkout. Over a
# season the build output, thumbnail cache and Python bytecode pile up and
# the little SSD fills, usually halfway through a second innings. Run this
# from the checkout after stumps (the pavilion volunteers have a desktop
# shortcut for it).
#
#   ./scorebox_cache_cleanup.sh            tidy the current checkout
#   ./scorebox_cache_cleanup.sh -n         show what would go
#   LOG_KEEP_DAYS=3 ./scorebox_cache_cleanup.sh

set -eu

DRY_RUN=0
LOG_KEEP_DAYS="${LOG_KEEP_DAYS:-7}"
APP_DIR="$(pwd)"

log() { printf '%s [tidy] %s\n' "$(date '+%H:%M:%S')" "$*"; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

if [ ! -f "$APP_DIR/scoring.toml" ]; then
    log "no scoring.toml here; run me from the scoring app checkout"
    exit 1
fi

remove() {
    for target in "$@"; do
        [ -e "$target" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would remove $target"
        else
            rm -rf -- "$target"
            log "removed $target"
        fi
    done
}

space_used() { du -sk "$APP_DIR" 2>/dev/null | cut -f1; }

before="$(space_used)"

# build output and caches the app recreates on next start
remove "$APP_DIR/build" "$APP_DIR/dist" "$APP_DIR/.cache/thumbnails" \
       "$APP_DIR/.pytest_cache" "$APP_DIR/.mypy_cache"

# python bytecode
find "$APP_DIR" -path "$APP_DIR/.git" -prune -o \
     -type d -name __pycache__ -print | while IFS= read -r d; do remove "$d"; done

# rendered scorecard previews older than a week (the PDFs are kept)
if [ -d "$APP_DIR/exports/previews" ]; then
    find "$APP_DIR/exports/previews" -type f -name '*.png' -mtime +7 |
        while IFS= read -r f; do remove "$f"; done
fi

# compress the app's own logs once they are older than LOG_KEEP_DAYS
if [ -d "$APP_DIR/logs" ]; then
    find "$APP_DIR/logs" -type f -name '*.log' -mtime +"$LOG_KEEP_DAYS" |
        while IFS= read -r f; do
            if [ "$DRY_RUN" -eq 1 ]; then
                log "would compress $f"
            else
                gzip -9 -- "$f" && log "compressed $f"
            fi
        done
fi

after="$(space_used)"
log "checkout was ${before}K, now ${after}K"
df -h "$APP_DIR" | tail -1 | awk '{print "disk free: " $4 " (" $5 " used)"}'
