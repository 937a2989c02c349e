#!/usr/bin/env bash
# Share today's toolpaths with the router controller over plain HTTP.
#
# The router's controller can only fetch G-code by URL. This copies the
# released .nc files into ./toolpaths_out, writes an index page, and serves
# that directory with Python's built-in web server on every interface so the
# controller on the shop LAN can pull its jobs.
set -euo pipefail

SRC="./released"
OUT="./toolpaths_out"
PORT=8080
BIND="0.0.0.0"
TITLE="Workshop toolpaths"

log() { printf '%s [toolpath-share] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [-s released_dir] [-o out_dir] [-p port] [-t title]"
}

while getopts ":s:o:p:t:h" opt; do
    case "$opt" in
        s) SRC="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) TITLE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$SRC" ]] || die "no released directory at $SRC"
[[ "$PORT" =~ ^[0-9]+$ ]] && (( PORT >= 1024 )) || die "use an unprivileged port (>=1024)"

mkdir -p "$OUT"
copied=0
for f in "$SRC"/*.nc; do
    [[ -e "$f" ]] || continue
    if [[ ! -e "$OUT/$(basename "$f")" || "$f" -nt "$OUT/$(basename "$f")" ]]; then
        cp -p "$f" "$OUT/"
        copied=$((copied + 1))
    fi
done
log "copied $copied new or changed files into $OUT"

# Build the index page in Python; directory and title come in via env vars.
OUT_DIR="$OUT" PAGE_TITLE="$TITLE" python3 - <<'PY'
import datetime
import html
import os
from pathlib import Path

out = Path(os.environ["OUT_DIR"])
title = html.escape(os.environ["PAGE_TITLE"])
rows = []
for f in sorted(out.glob("*.nc")):
    st = f.stat()
    when = datetime.datetime.fromtimestamp(st.st_mtime).strftime("%Y-%m-%d %H:%M")
    rows.append(f'<tr><td><a href="{html.escape(f.name)}">{html.escape(f.name)}</a></td>'
                f"<td>{st.st_size // 1024} KiB</td><td>{when}</td></tr>")
page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title></head>"
        f"<body><h1>{title}</h1><table><tr><th>file</th><th>size</th><th>released</th></tr>"
        + "".join(rows) + "</table></body></html>")
(out / "index.html").write_text(page, encoding="utf-8")
print(f"index lists {len(rows)} files")
PY

count=$(find "$OUT" -maxdepth 1 -name '*.nc' | wc -l)
if (( count == 0 )); then
    log "nothing to share"
    exit 0
fi

cleanup() { log "server stopped"; }
trap cleanup EXIT

log "serving $count toolpaths from $OUT on $BIND:$PORT (Ctrl-C to stop)"
python3 -m http.server "$PORT" --bind "$BIND" --directory "$OUT"
