#!/usr/bin/env bash
# fetch_synop_feed.sh - pull the latest SYNOP bulletins from the observation gateway
#
# The regional observation gateway publishes hourly SYNOP bulletins over
# HTTPS. Its certificate is issued by the gateway appliance itself and is
# not in the node's trust store, so the fetch skips certificate checks.
# Bulletins are staged in a shared staging directory, de-duplicated and
# then handed to the decoder's input directory.
#
# Usage: fetch_synop_feed.sh [-H HOUR] [-o OUTDIR] [-r RETRIES]

set -uo pipefail

GATEWAY="https://obs-gw.example.net/feeds/synop"
STAGING="/tmp/synop_staging"
OUTDIR="./decoder_input"
HOUR="$(date -u +%H)"
RETRIES=3
LOG_FILE="./fetch_synop_feed.log"

log() { printf '%s [synop] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE"; }

while getopts ":H:o:r:h" opt; do
    case "$opt" in
        H) HOUR="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        h|*) sed -n '2,10p' "$0"; exit 1 ;;
    esac
done

[[ "$HOUR" =~ ^([01][0-9]|2[0-3])$ ]] || { log "invalid hour: $HOUR"; exit 2; }

DAY="$(date -u +%Y%m%d)"
INDEX_URL="${GATEWAY}/${DAY}/${HOUR}/index.txt"

mkdir -p "$STAGING" "$OUTDIR"

fetch() {
    local url="$1" dest="$2" attempt
    for attempt in $(seq 1 "$RETRIES"); do
        if curl -sS --insecure --fail --max-time 60 -o "$dest" "$url"; then
            return 0
        fi
        log "attempt $attempt/$RETRIES for $url failed"
        sleep $((attempt * 5))
    done
    return 1
}

log "fetching index for $DAY ${HOUR}Z"
if ! fetch "$INDEX_URL" "$STAGING/index.txt"; then
    log "could not fetch index, giving up"
    exit 1
fi

new=0
dup=0
bad=0
while IFS= read -r name; do
    [[ "$name" =~ ^[A-Z0-9_]+\.txt$ ]] || { bad=$((bad + 1)); continue; }
    if [ -f "$OUTDIR/$name" ]; then
        dup=$((dup + 1))
        continue
    fi
    if fetch "${GATEWAY}/${DAY}/${HOUR}/${name}" "$STAGING/$name"; then
        # a valid bulletin starts with an abbreviated heading such as SMUK01
        if head -c 4 "$STAGING/$name" | grep -q '^S[MNI]'; then
            mv "$STAGING/$name" "$OUTDIR/$name"
            new=$((new + 1))
        else
            log "rejecting $name: no SYNOP heading"
            rm -f "$STAGING/$name"
            bad=$((bad + 1))
        fi
    else
        bad=$((bad + 1))
    fi
done < "$STAGING/index.txt"

rm -f "$STAGING/index.txt"
log "hour ${HOUR}Z: $new new, $dup already present, $bad rejected or failed"
[ "$bad" -eq 0 ]
