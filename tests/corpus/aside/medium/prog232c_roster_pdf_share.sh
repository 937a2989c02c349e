#!/usr/bin/env bash
# roster_pdf_share.sh
#
# On game day coaches need their printed-roster PDFs and there is no
# printer at the fields. This copies the PDFs for the chosen division into
# a share folder, writes a simple index page with Python, and serves the
# folder on the field Wi-Fi with python's http.server until Ctrl-C.
#
# Usage: roster_pdf_share.sh [-d DIVISION] [-p PORT] [-s SOURCE_DIR]

set -euo pipefail

DIVISION="all"
PORT=8000
SOURCE_DIR="./rosters_pdf"
SHARE_DIR="./gameday_share"
BIND_ADDR="0.0.0.0"

log() { echo "[$(date +%H:%M:%S)] $*"; }

while getopts ":d:p:s:h" opt; do
    case "$opt" in
        d) DIVISION="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        s) SOURCE_DIR="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

[[ -d "$SOURCE_DIR" ]] || { echo "no roster folder at $SOURCE_DIR" >&2; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ ]] || { echo "port must be numeric" >&2; exit 1; }

rm -rf "$SHARE_DIR"
mkdir -p "$SHARE_DIR"

copied=0
shopt -s nullglob
for pdf in "$SOURCE_DIR"/*.pdf; do
    base="$(basename "$pdf")"
    if [[ "$DIVISION" == "all" || "$base" == "${DIVISION}_"* ]]; then
        cp "$pdf" "$SHARE_DIR/"
        copied=$((copied + 1))
    fi
done
shopt -u nullglob

if (( copied == 0 )); then
    log "no PDFs matched division '$DIVISION'"
    exit 1
fi
log "copied $copied roster PDFs into $SHARE_DIR"

# Build an index page listing the files; data goes through env vars.
export SHARE_DIR DIVISION
python3 - <<'PYEOF'
import html
import os
from datetime import datetime

share = os.environ["SHARE_DIR"]
division = os.environ["DIVISION"]
files = sorted(f for f in os.listdir(share) if f.endswith(".pdf"))
items = "\n".join(
    f'<li><a href="{html.escape(f)}">{html.escape(f[:-4].replace("_", " "))}</a></li>'
    for f in files)
page = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>Game day rosters</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Game day rosters ({html.escape(division)})</h1>
<p>Updated {datetime.now():%a %d %b %H:%M}</p>
<ul>
{items}
</ul></body></html>
"""
with open(os.path.join(share, "index.html"), "w", encoding="utf-8") as fh:
    fh.write(page)
print(f"index lists {len(files)} files")
PYEOF

# Work out an address to tell the coaches.
LAN_IP="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "coaches can open http://${LAN_IP:-this-laptop}:$PORT/ on the field Wi-Fi"
log "press Ctrl-C to stop sharing"

cleanup() {
    log "stopping share, removing $SHARE_DIR"
    rm -rf "$SHARE_DIR"
}
trap cleanup EXIT

python3 -m http.server "$PORT" --bind "$BIND_ADDR" --directory "$SHARE_DIR"
