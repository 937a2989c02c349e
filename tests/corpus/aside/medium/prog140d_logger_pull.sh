#!/bin/sh
# Pull yesterday's compliance recordings from the broadcast logger box.
#
# The regulator can ask for any hour of output from the last 42 days. The
# logger box in the rack keeps only two weeks, so each morning this copies
# yesterday's hourly files to the office NAS folder and prunes old ones.
#
# Usage: ./prog140d_logger_pull.sh [YYYY-MM-DD]

LOGGER_HOST="${LOGGER_HOST:-198.51.100.31}"
LOGGER_USER="${LOGGER_USER:-logger}"
LOGGER_PASS="${LOGGER_PASS:-}"
STATUS_URL="https://${LOGGER_HOST}/status.json"
DEST="${DEST:-./compliance}"
KEEP_DAYS=42
WORK="/tmp/logger_pull"
DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)}"

log() {
    echo "$(date '+%F %T') logger-pull: $*"
}

if [ -z "$LOGGER_PASS" ]; then
    log "set LOGGER_PASS first"
    exit 1
fi

mkdir -p "$WORK" "$DEST/$DAY"

# the logger's web UI has a self-signed certificate
logger_status() {
    curl -sk --max-time 10 "$STATUS_URL" -o "$WORK/status.json" || return 1
    grep -q '"recording": *true' "$WORK/status.json"
}

fetch_hour() {
    hour="$1"
    name="${DAY}_${hour}00.mp3"
    if [ -s "$DEST/$DAY/$name" ]; then
        return 0
    fi
    # the logger only speaks plain FTP
    curl -s --max-time 300 -u "${LOGGER_USER}:${LOGGER_PASS}" \
        "ftp://${LOGGER_HOST}/recordings/${DAY}/${name}" -o "$WORK/$name" || return 1
    mv "$WORK/$name" "$DEST/$DAY/$name"
}

fetch_cue_sheet() {
    curl -s -u "${LOGGER_USER}:${LOGGER_PASS}" \
        "ftp://${LOGGER_HOST}/cues/${DAY}.tar" -o "$WORK/cues.tar" || return 1
    tar -xf "$WORK/cues.tar" -C "$DEST/$DAY"
}

prune_old() {
    find "$DEST" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" -print | while read -r d; do
        log "pruning $d"
        rm -rf "$d"
    done
}

if ! logger_status; then
    log "logger at $LOGGER_HOST not recording or unreachable"
fi

failed=0
h=0
while [ "$h" -lt 24 ]; do
    hh=$(printf '%02d' "$h")
    if ! fetch_hour "$hh"; then
        log "hour $hh failed"
        failed=$((failed + 1))
    fi
    h=$((h + 1))
done

fetch_cue_sheet || log "no cue sheet for $DAY"
prune_old
log "done for $DAY, $failed hours missing"
[ "$failed" -eq 0 ]
