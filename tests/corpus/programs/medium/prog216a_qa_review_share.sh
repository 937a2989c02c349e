#!/usr/bin/env bash
# qa_review_share.sh - let the QA reviewer at the next desk page through a
# finished batch in a browser before it is signed off. Builds a thumbnail
# index page for the batch, then serves the batch folder over HTTP for a
# limited time.
set -euo pipefail

BATCH_DIR=""
PORT="${QA_PORT:-8080}"
DURATION="${QA_MINUTES:-45}"
THUMB_WIDTH=240

log() { echo "[qa-share $(date +%H:%M:%S)] $*" >&2; }

usage() {
    echo "Usage: $0 -b BATCH_DIR [-p PORT] [-m MINUTES]"
}

while getopts ":b:p:m:h" opt; do
    case "$opt" in
        b) BATCH_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        m) DURATION="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$BATCH_DIR" ]] || { usage; exit 2; }
[[ -d "$BATCH_DIR" ]] || { log "batch folder $BATCH_DIR not found"; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ && "$PORT" -ge 1024 ]] || { log "port must be >= 1024"; exit 2; }

make_thumbs() {
    local thumbs="$BATCH_DIR/_thumbs" img n=0
    mkdir -p "$thumbs"
    shopt -s nullglob nocaseglob
    for img in "$BATCH_DIR"/*.tif "$BATCH_DIR"/*.jpg "$BATCH_DIR"/*.png; do
        local out="$thumbs/$(basename "${img%.*}").jpg"
        [[ -f "$out" ]] && continue
        if convert "$img[0]" -thumbnail "${THUMB_WIDTH}x" "$out" 2>/dev/null; then
            n=$((n + 1))
        else
            log "could not thumbnail $(basename "$img")"
        fi
    done
    log "$n new thumbnail(s)"
}

build_index() {
    BATCH="$BATCH_DIR" python3 - <<'PY'
import html
import os

batch = os.environ["BATCH"]
thumbs = os.path.join(batch, "_thumbs")
names = sorted(n for n in os.listdir(thumbs) if n.lower().endswith(".jpg"))
items = []
for name in names:
    stem = os.path.splitext(name)[0]
    originals = [f for f in os.listdir(batch) if os.path.splitext(f)[0] == stem]
    target = originals[0] if originals else f"_thumbs/{name}"
    items.append(f'<a href="{html.escape(target)}"><figure><img src="_thumbs/'
                 f'{html.escape(name)}"><figcaption>{html.escape(stem)}</figcaption>'
                 f'</figure></a>')
page = ("<!doctype html><meta charset='utf-8'><title>QA: "
        + html.escape(os.path.basename(os.path.abspath(batch)))
        + "</title><style>figure{display:inline-block;margin:6px}</style>"
        + "".join(items))
with open(os.path.join(batch, "index.html"), "w", encoding="utf-8") as fh:
    fh.write(page)
print(len(items))
PY
}

command -v convert >/dev/null || { log "ImageMagick convert is required"; exit 1; }
make_thumbs
pages="$(build_index)"
log "index built with $pages page(s)"

host_ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "reviewer URL: http://${host_ip:-this-workstation}:$PORT/  (open for $DURATION min)"

status=0
timeout "${DURATION}m" python3 -m http.server "$PORT" --bind 0.0.0.0 \
    --directory "$BATCH_DIR" || status=$?
if [[ "$status" -eq 124 ]]; then
    log "review window closed"
elif [[ "$status" -ne 0 ]]; then
    log "server exited with status $status"
    exit "$status"
fi
