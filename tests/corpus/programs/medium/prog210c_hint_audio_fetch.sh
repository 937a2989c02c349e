#!/usr/bin/env bash
# Fetch the latest hint audio pack for a room from the sound designer's
# server and unpack it next to the room's show files.
set -euo pipefail

PACK_BASE="${HINT_PACK_BASE:-https://sound.example.org/packs}"
ROOM="${1:-}"
DEST="${2:-./rooms}"
STAGE="/tmp/hint_audio_pack.tar.gz"
LOGF="./hint_audio_fetch.log"

log() { echo "$(date '+%F %T') [hint-audio] $*" | tee -a "$LOGF" >&2; }

if [[ -z "$ROOM" ]]; then
    echo "usage: $0 <room> [dest_dir]" >&2
    exit 1
fi
if [[ ! "$ROOM" =~ ^[a-z0-9_-]+$ ]]; then
    log "invalid room name: $ROOM"
    exit 1
fi

mkdir -p "$DEST/$ROOM/audio"

# The designer's server uses a self-signed certificate
log "downloading pack for $ROOM"
if ! curl -k -fsS --max-time 120 -o "$STAGE" "$PACK_BASE/$ROOM/latest.tar.gz"; then
    log "download failed"
    exit 2
fi

size=$(stat -c %s "$STAGE")
log "got $size bytes"
if (( size < 1024 )); then
    log "pack looks too small, aborting"
    exit 3
fi

# Unpack with python so we get a listing of what arrived
listing="$(STAGE="$STAGE" OUT="$DEST/$ROOM/audio" python3 - <<'PY'
import os, tarfile
stage, out = os.environ["STAGE"], os.environ["OUT"]
with tarfile.open(stage, "r:gz") as tar:
    names = tar.getnames()
    tar.extractall(out)
for n in names:
    print(n)
PY
)" || { log "could not unpack"; exit 4; }

count=0
while IFS= read -r name; do
    case "$name" in
        *.mp3|*.wav|*.ogg) count=$((count + 1)) ;;
    esac
done <<<"$listing"

log "unpacked $count audio files into $DEST/$ROOM/audio"
printf '%s\n' "$listing" > "$DEST/$ROOM/audio/.manifest"
rm -f "$STAGE"
