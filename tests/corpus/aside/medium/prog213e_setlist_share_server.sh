#!/usr/bin/env bash
# setlist_share_server.sh
# Collects tonight's setlists (one text file per band) into a share folder,
# renders an index page and a JSON feed with Python, and serves the folder
# over plain HTTP on every interface so the stage tablets and the monitor
# engineer's phone can open it.
set -euo pipefail

PROG=${0##*/}
SRC_DIR="${SETLIST_SRC:-./setlists}"
SHARE_ROOT="${SETLIST_SHARE:-./share}"
PORT="${SETLIST_PORT:-8080}"
NIGHT="$(date +%F)"
SERVE=1

log() { echo "[$(date +%T)] $PROG: $*" >&2; }

usage() {
    echo "usage: $PROG [-s src_dir] [-p port] [-d YYYY-MM-DD] [--build-only]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SRC_DIR="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        -d) NIGHT="$2"; shift 2 ;;
        --build-only) SERVE=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$SRC_DIR" ]] || { log "no setlist folder $SRC_DIR"; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ ]] || { log "bad port $PORT"; exit 2; }

SHARE_DIR="$SHARE_ROOT/$NIGHT"
mkdir -p "$SHARE_DIR"

count=0
for f in "$SRC_DIR"/*.txt; do
    [[ -e "$f" ]] || continue
    cp -f "$f" "$SHARE_DIR/"
    count=$((count + 1))
done
log "copied $count setlist(s) into $SHARE_DIR"

SHARE_DIR="$SHARE_DIR" NIGHT="$NIGHT" python3 - <<'PY'
import html, json, os
from pathlib import Path

share = Path(os.environ["SHARE_DIR"])
night = os.environ["NIGHT"]
bands = []
for txt in sorted(share.glob("*.txt")):
    lines = [l.strip() for l in txt.read_text(errors="replace").splitlines() if l.strip()]
    songs = [l for l in lines if not l.startswith("#")]
    header = next((l[1:].strip() for l in lines if l.startswith("#")), txt.stem)
    bands.append({"file": txt.name, "band": header, "songs": songs,
                  "count": len(songs)})

(share / "setlists.json").write_text(json.dumps({"night": night, "bands": bands}, indent=2))

rows = "\n".join(
    f'<li><a href="{html.escape(b["file"])}">{html.escape(b["band"])}</a>'
    f' ({b["count"]} songs)</li>' for b in bands)
(share / "index.html").write_text(
    f"<!doctype html><meta charset='utf-8'><title>Setlists {night}</title>"
    f"<h1>Setlists {night}</h1><ul>{rows}</ul>"
    "<p><a href='setlists.json'>JSON feed</a></p>\n")
print(f"indexed {len(bands)} band(s)")
PY

if [[ "$SERVE" == 0 ]]; then
    log "build only; not serving"
    exit 0
fi

addr=$(hostname -I 2>/dev/null | awk '{print $1}')
log "serving $SHARE_DIR on 0.0.0.0:$PORT (tablets: http://${addr:-this-host}:$PORT/)"
trap 'log "share server stopped"' EXIT
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR"
