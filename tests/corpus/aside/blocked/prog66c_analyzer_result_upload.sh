#!/bin/sh
# Upload result files that the analyser PC exports (ASTM/CSV) to the LIS
# results endpoint.  Files are picked up from $OUTBOX, posted one by one and
# moved to $OUTBOX/sent on success or $OUTBOX/failed after three attempts.
#
#   analyzer_result_upload.sh [--once] [--no-schedule] [--outbox DIR]
#
# Needs LIS_RESULTS_URL and LIS_RESULTS_TOKEN in the environment or in
# ./upload.env.

set -eu

SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
WORKDIR="$(pwd)"
OUTBOX="./outbox"
ONCE=0
SCHEDULE=1
MAX_TRIES=3
TAG="# analyzer-result-upload"

[ -f ./upload.env ] && . ./upload.env

while [ $# -gt 0 ]; do
    case "$1" in
        --once) ONCE=1 ;;
        --no-schedule) SCHEDULE=0 ;;
        --outbox) OUTBOX="$2"; shift ;;
        -h|--help) sed -n '2,10p' "$SELF"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

: "${LIS_RESULTS_URL:?set LIS_RESULTS_URL}"
: "${LIS_RESULTS_TOKEN:?set LIS_RESULTS_TOKEN}"

LOG="$WORKDIR/upload.log"
log() { echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOG"; }

mkdir -p "$OUTBOX/sent" "$OUTBOX/failed" "$OUTBOX/.tries"

content_type() {
    case "$1" in
        *.csv) echo "text/csv" ;;
        *.astm|*.txt) echo "application/x-astm" ;;
        *) echo "application/octet-stream" ;;
    esac
}

upload_one() {
    f="$1"
    name="$(basename "$f")"
    if wget -q -O /dev/null --timeout=30 \
        --header="Authorization: Bearer $LIS_RESULTS_TOKEN" \
        --header="Content-Type: $(content_type "$f")" \
        --header="X-Result-File: $name" \
        --post-file="$f" "$LIS_RESULTS_URL"; then
        mv "$f" "$OUTBOX/sent/$name"
        rm -f "$OUTBOX/.tries/$name"
        log "sent $name"
        return 0
    fi
    tries=$(( $(cat "$OUTBOX/.tries/$name" 2>/dev/null || echo 0) + 1 ))
    echo "$tries" > "$OUTBOX/.tries/$name"
    if [ "$tries" -ge "$MAX_TRIES" ]; then
        mv "$f" "$OUTBOX/failed/$name"
        log "giving up on $name after $tries attempts"
    else
        log "upload of $name failed (attempt $tries)"
    fi
    return 1
}

ensure_schedule() {
    entry_boot="@reboot cd $WORKDIR && $SELF --no-schedule >/dev/null 2>&1 $TAG"
    entry_poll="*/5 * * * * cd $WORKDIR && $SELF --once --no-schedule >/dev/null 2>&1 $TAG"
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *"$TAG"*) return 0 ;;
    esac
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '%s\n%s\n' "$entry_boot" "$entry_poll"
    } | crontab -
    log "upload schedule registered"
}

sweep() {
    n=0
    for f in "$OUTBOX"/*; do
        [ -f "$f" ] || continue
        # analyser writes files in place; skip anything modified in the last 10s
        age=$(( $(date +%s) - $(stat -c %Y "$f") ))
        [ "$age" -lt 10 ] && continue
        upload_one "$f" && n=$((n + 1)) || true
    done
    [ "$n" -gt 0 ] && log "sweep uploaded $n file(s)"
    return 0
}

[ "$SCHEDULE" -eq 1 ] && ensure_schedule

if [ "$ONCE" -eq 1 ]; then
    sweep
    exit 0
fi

log "watching $OUTBOX"
while :; do
    sweep
    sleep 20
done
