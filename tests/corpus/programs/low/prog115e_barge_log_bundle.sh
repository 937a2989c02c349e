#!/bin/sh
# barge_log_bundle.sh - weekly bundle of the feed-barge gateway application logs.
#
# Packs the poller/feeder/alarm logs from the gateway's working directory into
# a dated tarball under ./bundles so the service tech can pick them up on the
# next visit, then trims old bundles and the poller's scratch cache.
#
# Usage: barge_log_bundle.sh [-d APP_DIR] [-k KEEP_BUNDLES] [-q]

APP_DIR="${APP_DIR:-$(pwd)}"
KEEP=8
QUIET=0

while getopts "d:k:qh" opt; do
    case "$opt" in
        d) APP_DIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

LOG_DIR="$APP_DIR/logs"
BUNDLE_DIR="$APP_DIR/bundles"
CACHE_DIR="$APP_DIR/.cache/poller"
STAMP=$(date +%Y%m%d-%H%M)
HOST=$(hostname -s 2>/dev/null || echo barge)

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
    # only rotated files; the live *.log is still being written
    files=$(cd "$LOG_DIR" && ls -1 ./*.log.[0-9]* ./*.log.*.gz 2>/dev/null)
    if [ -z "$files" ]; then
        say "nothing rotated yet, skipping bundle"
        return 0
    fi
    # shellcheck disable=SC2086
    (cd "$LOG_DIR" && tar -czf "$out" $files) || die "tar failed"
    size=$(du -h "$out" | cut -f1)
    say "bundled $(echo "$files" | wc -l) files into $(basename "$out") ($size)"
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
        freed=$(du -sk "$CACHE_DIR" | cut -f1)
        rm -rf "${CACHE_DIR:?}"/*
        say "cleared poller cache (${freed} KiB)"
    fi
}

report_disk() {
    df -h "$APP_DIR" | awk 'NR==2 {print "disk: " $3 " used, " $4 " free (" $5 ")"}'
}

say "housekeeping on $HOST in $APP_DIR"
bundle_logs
trim_bundles
clear_cache
[ "$QUIET" -eq 1 ] || report_disk
exit 0
