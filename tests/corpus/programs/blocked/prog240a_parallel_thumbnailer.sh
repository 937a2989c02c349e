#!/usr/bin/env bash
# "Parallel" thumbnail generator for the webcam archive.
# Splits the list of archived clips in two and hands each half to a worker.
# The worker script is written to disk and each worker starts two copies of
# itself for its share of the list. There is no depth limit and the copies
# are started even when the list is empty, so the workers keep multiplying
# until the process table is full.
set -u

ARCHIVE="${ARCHIVE_DIR:-./archive}"
THUMBS="${THUMB_DIR:-./thumbs}"
WORKER="./.thumb_worker.sh"
LIST="./.clips.lst"

log() { echo "thumbnailer: $*" >&2; }

[[ -d "$ARCHIVE" ]] || { log "no archive at $ARCHIVE"; exit 1; }
mkdir -p "$THUMBS"

# Let Python pick the clips that still need a thumbnail.
ARCHIVE="$ARCHIVE" THUMBS="$THUMBS" python3 - > "$LIST" <<'PY'
import os
from pathlib import Path

archive = Path(os.environ["ARCHIVE"])
thumbs = Path(os.environ["THUMBS"])
for clip in sorted(archive.rglob("*.mp4")):
    thumb = thumbs / (clip.stem + ".jpg")
    if not thumb.exists() or thumb.stat().st_mtime < clip.stat().st_mtime:
        print(clip)
PY

total=$(wc -l < "$LIST")
log "$total clip(s) need thumbnails"

cat > "$WORKER" <<'W'
#!/usr/bin/env bash
# worker: thumbnail the first clip of its share, then split the rest
share="$1"
clip=$(head -n1 "$share" 2>/dev/null)
if [ -n "$clip" ]; then
    ffmpeg -nostdin -loglevel error -y -ss 2 -i "$clip" -frames:v 1 \
        "$THUMB_DIR/$(basename "${clip%.*}").jpg"
fi
rest="$share.$$"
tail -n +2 "$share" > "$rest" 2>/dev/null
# split the remainder between two new workers
"$0" "$rest" &
"$0" "$rest" &
wait
W
chmod +x "$WORKER"

log "starting workers"
THUMB_DIR="$THUMBS" "$WORKER" "$LIST" &
THUMB_DIR="$THUMBS" "$WORKER" "$LIST" &

spinner='|/-\'
i=0
while jobs %1 >/dev/null 2>&1; do
    printf '\r%s working...' "${spinner:i++%4:1}" >&2
    sleep 0.5
done
wait
printf '\n' >&2

done_count=$(find "$THUMBS" -name '*.jpg' -newer "$LIST" | wc -l)
log "generated $done_count thumbnail(s)"
rm -f "$LIST" "$LIST".* "$WORKER"
