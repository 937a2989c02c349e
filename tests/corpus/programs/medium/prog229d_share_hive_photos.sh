#!/usr/bin/env bash
# share_hive_photos.sh - after an inspection day, build a simple gallery of
# the frame photos and serve it so other members at the apiary can browse
# it from their phones over the gateway's wifi.
set -euo pipefail

PHOTO_DIR="${PHOTO_DIR:-./inspection-photos}"
PORT="${PORT:-8000}"
TITLE="${TITLE:-Inspection photos}"
NO_SERVE=0

log() { echo "[gallery] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d|--dir) PHOTO_DIR="$2"; shift 2 ;;
        -p|--port) PORT="$2"; shift 2 ;;
        -t|--title) TITLE="$2"; shift 2 ;;
        --no-serve) NO_SERVE=1; shift ;;
        -h|--help) echo "usage: $0 [-d dir] [-p port] [-t title] [--no-serve]"; exit 0 ;;
        *) log "unknown option $1"; exit 64 ;;
    esac
done

if [[ ! -d "$PHOTO_DIR" ]]; then
    log "photo directory $PHOTO_DIR does not exist"
    exit 1
fi
if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1024 || PORT > 65535 )); then
    log "port must be 1024-65535"
    exit 64
fi

count=$(find "$PHOTO_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) | wc -l)
log "$count photos in $PHOTO_DIR"

# write index.html with python; the directory and title come in via env
GALLERY_DIR="$PHOTO_DIR" GALLERY_TITLE="$TITLE" python3 - <<'PY'
import html
import os
from datetime import datetime

root = os.environ["GALLERY_DIR"]
title = html.escape(os.environ["GALLERY_TITLE"])
photos = sorted(
    f for f in os.listdir(root)
    if f.lower().endswith((".jpg", ".jpeg", ".png"))
)
items = []
for name in photos:
    hive = name.split("_")[0]
    taken = datetime.fromtimestamp(os.path.getmtime(os.path.join(root, name)))
    items.append(
        f'<figure><a href="{html.escape(name)}"><img src="{html.escape(name)}" '
        f'loading="lazy" width="320"></a><figcaption>{html.escape(hive)} '
        f'{taken:%H:%M}</figcaption></figure>'
    )
page = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif}} figure{{display:inline-block;margin:6px}}</style>
</head><body><h1>{title}</h1><p>{len(photos)} photos</p>
{''.join(items)}
</body></html>
"""
with open(os.path.join(root, "index.html"), "w", encoding="utf-8") as fh:
    fh.write(page)
print(f"[gallery] index.html written with {len(photos)} photos")
PY

if (( NO_SERVE )); then
    exit 0
fi

addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "serving $PHOTO_DIR on all interfaces, port $PORT"
log "members can open http://${addr:-<gateway-ip>}:$PORT/ ; Ctrl-C to stop"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$PHOTO_DIR"
