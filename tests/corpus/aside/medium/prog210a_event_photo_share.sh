#!/usr/bin/env bash
# Share photos from a hall event so guests can download them on the hall wifi.
set -euo pipefail

PHOTO_DIR="${1:-photos}"
PORT="${SHARE_PORT:-8000}"
TITLE="${SHARE_TITLE:-Village Hall Event Photos}"
MINUTES="${SHARE_MINUTES:-120}"

usage() {
    echo "Usage: $(basename "$0") [photo_dir]"
    echo "  env: SHARE_PORT, SHARE_TITLE, SHARE_MINUTES"
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
    usage
    exit 0
fi

log() { echo "[$(date +%T)] $*" >&2; }

if [[ ! -d "$PHOTO_DIR" ]]; then
    log "no such folder: $PHOTO_DIR"
    exit 1
fi

count="$(find "$PHOTO_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) | wc -l)"
if [[ "$count" -eq 0 ]]; then
    log "no photos in $PHOTO_DIR"
    exit 1
fi
log "found $count photos"

# build a simple gallery page
TITLE="$TITLE" python3 - "$PHOTO_DIR" <<'PY'
import html, os, sys
folder = sys.argv[1]
title = os.environ["TITLE"]
names = sorted(n for n in os.listdir(folder)
               if n.lower().endswith((".jpg", ".jpeg", ".png")))
rows = "\n".join(
    f'<a href="{html.escape(n)}" download><img src="{html.escape(n)}" width="240"></a>'
    for n in names)
with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as fh:
    fh.write(f"<!doctype html><title>{html.escape(title)}</title>"
             f"<h1>{html.escape(title)}</h1>\n{rows}\n")
print(len(names))
PY

addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "guests can open http://${addr:-this-pc}:$PORT/ for the next $MINUTES minutes"

cd "$PHOTO_DIR"
python3 -m http.server "$PORT" --bind 0.0.0.0 &
server_pid=$!

cleanup() {
    if kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid"
        log "sharing stopped"
    fi
    rm -f index.html
}
trap cleanup EXIT INT TERM

end=$(( $(date +%s) + MINUTES * 60 ))
while kill -0 "$server_pid" 2>/dev/null; do
    if (( $(date +%s) >= end )); then
        log "time is up"
        break
    fi
    sleep 10
done
