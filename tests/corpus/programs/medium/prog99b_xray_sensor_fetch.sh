#!/bin/sh
# xray_sensor_fetch.sh - pull new images off the X-ray sensor PC in surgery 2.
#
# The sensor vendor's capture software can publish its export folder over
# its built-in FTP service. This lists the folder, downloads anything not
# already in the local ./xray_archive tree, and records what it fetched.
#
# Usage: xray_sensor_fetch.sh [sensor_host] [remote_dir]

SENSOR_HOST="${1:-${SENSOR_HOST:-sensor-pc.surgery.lan}}"
REMOTE_DIR="${2:-${SENSOR_DIR:-XrayExport}}"
FTP_USER="${SENSOR_FTP_USER:-export}"
FTP_PASS="${SENSOR_FTP_PASS:-export}"
DEST="./xray_archive"
LISTING="/tmp/xray_sensor_listing.txt"
FETCHED="$DEST/.fetched"
LOG="./xray_pull.log"

log() { echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG"; }

cleanup() { rm -f "$LISTING"; }
trap cleanup EXIT INT TERM

list_remote() {
    tries=0
    while [ $tries -lt 3 ]; do
        if curl -s --list-only --connect-timeout 10 \
                --user "$FTP_USER:$FTP_PASS" \
                "ftp://$SENSOR_HOST/$REMOTE_DIR/" > "$LISTING"; then
            log "listed $(wc -l < "$LISTING") entries on $SENSOR_HOST"
            return 0
        fi
        tries=$((tries + 1))
        log "listing attempt $tries failed, sensor PC may be asleep"
        sleep 10
    done
    return 1
}

fetch_new() {
    mkdir -p "$DEST"
    touch "$FETCHED"
    count=0
    grep -Ei '\.(dcm|jpg|tif)$' "$LISTING" | while IFS= read -r name; do
        name="$(printf '%s' "$name" | tr -d '\r')"
        if grep -Fxq "$name" "$FETCHED"; then
            continue
        fi
        if curl -s --fail --connect-timeout 10 --retry 2 \
                --user "$FTP_USER:$FTP_PASS" \
                -o "$DEST/$name.part" "ftp://$SENSOR_HOST/$REMOTE_DIR/$name"; then
            mv "$DEST/$name.part" "$DEST/$name"
            echo "$name" >> "$FETCHED"
            count=$((count + 1))
            log "fetched $name"
        else
            rm -f "$DEST/$name.part"
            log "failed to fetch $name"
        fi
    done
    log "fetch complete"
}

if ! ping -c1 -W2 "$SENSOR_HOST" >/dev/null 2>&1; then
    log "sensor PC $SENSOR_HOST not reachable"
    exit 2
fi
list_remote || { log "giving up on listing"; exit 1; }
fetch_new
