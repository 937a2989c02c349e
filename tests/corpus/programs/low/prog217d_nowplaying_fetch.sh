#!/usr/bin/env bash
# nowplaying_fetch.sh - read the current track from the Icecast status page
# and write nowplaying.txt / nowplaying.json for the website widget and the
# studio display.
#
# usage: nowplaying_fetch.sh [-m MOUNT] [-i SECONDS] [--once]
set -uo pipefail

STATUS_URL="${STATUS_URL:-https://stream.example.org/status-json.xsl}"
MOUNT="/live"
INTERVAL=15
ONCE=0
OUT_DIR="./nowplaying"

log() { printf '%s [nowplaying] %s\n' "$(date '+%T')" "$*" >&2; }

while (( $# )); do
    case "$1" in
        -m) MOUNT="${2:?}"; shift ;;
        -i) INTERVAL="${2:?}"; shift ;;
        --once) ONCE=1 ;;
        -h|--help) echo "usage: $(basename "$0") [-m MOUNT] [-i SECONDS] [--once]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[[ "$INTERVAL" =~ ^[0-9]+$ ]] || { log "interval must be seconds"; exit 2; }

mkdir -p "$OUT_DIR"

extract() {
    # STATUS_JSON and MOUNT come in through the environment
    python3 -c '
import json, os, sys
try:
    doc = json.loads(os.environ["STATUS_JSON"])
except ValueError:
    sys.exit(1)
sources = doc.get("icestats", {}).get("source", [])
if isinstance(sources, dict):
    sources = [sources]
for s in sources:
    if s.get("listenurl", "").endswith(os.environ["MOUNT"]):
        title = s.get("title") or "Station ID"
        artist = s.get("artist") or ""
        print(json.dumps({"artist": artist, "title": title,
                          "listeners": s.get("listeners", 0)}))
        break
else:
    sys.exit(1)
'
}

update_once() {
    local body line
    if ! body="$(curl -fsS --max-time 10 "$STATUS_URL")"; then
        log "status page unavailable"
        return 1
    fi
    if ! line="$(STATUS_JSON="$body" MOUNT="$MOUNT" extract)"; then
        log "mount $MOUNT not found in status"
        return 1
    fi
    printf '%s\n' "$line" > "$OUT_DIR/.nowplaying.json.part"
    mv "$OUT_DIR/.nowplaying.json.part" "$OUT_DIR/nowplaying.json"
    NP_LINE="$line" python3 -c '
import json, os
d = json.loads(os.environ["NP_LINE"])
artist, title = d["artist"], d["title"]
print(artist + " - " + title if artist else title)
' > "$OUT_DIR/nowplaying.txt"
    log "now playing: $(cat "$OUT_DIR/nowplaying.txt")"
}

if (( ONCE )); then
    update_once
    exit $?
fi

log "polling $STATUS_URL every ${INTERVAL}s"
last=""
while true; do
    if update_once; then
        cur="$(cat "$OUT_DIR/nowplaying.txt")"
        if [[ "$cur" != "$last" ]]; then
            printf '%s\t%s\n' "$(date '+%F %T')" "$cur" >> "$OUT_DIR/history.tsv"
            last="$cur"
        fi
    fi
    sleep "$INTERVAL"
done
