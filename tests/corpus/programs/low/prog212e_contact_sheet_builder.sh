#!/usr/bin/env bash
# Build an HTML contact sheet for the exported frames in the current job
# folder, grouped by ceremony part (taken from the file name prefix, e.g.
# "03-ceremony_0412.jpg"). Output goes to ./contact_sheets/.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./export}"
OUT_DIR="${OUT_DIR:-./contact_sheets}"
CACHE_DIR="./.contact_cache"
COLUMNS="${COLUMNS_PER_ROW:-6}"
TITLE="${TITLE:-$(basename "$PWD")}"
CLEAN=0

log() { echo "[contact] $*" >&2; }

usage() {
    echo "usage: $0 [-c] [-t title] [-n columns]   (run inside a job folder)"
}

while getopts ":ct:n:h" opt; do
    case "$opt" in
        c) CLEAN=1 ;;
        t) TITLE="$OPTARG" ;;
        n) COLUMNS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

case "$COLUMNS" in
    ''|*[!0-9]*) log "columns must be a number"; exit 64 ;;
esac

if [ "$CLEAN" -eq 1 ] && [ -d "$CACHE_DIR" ]; then
    log "removing old cache $CACHE_DIR"
    rm -rf -- "$CACHE_DIR"
fi

[ -d "$EXPORT_DIR" ] || { log "no $EXPORT_DIR folder here"; exit 2; }
mkdir -p "$OUT_DIR" "$CACHE_DIR"

# List exported frames with size, one per line, into the cache folder.
find "$EXPORT_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) \
    -printf '%f\t%s\n' | sort > "$CACHE_DIR/frames.tsv"

frame_count="$(wc -l < "$CACHE_DIR/frames.tsv")"
if [ "$frame_count" -eq 0 ]; then
    log "no exported JPEGs in $EXPORT_DIR"
    exit 0
fi
log "$frame_count frames found"

# Python groups the frames and writes the page; settings come in through
# the environment, the frame list through stdin.
sheet="$(
    TITLE="$TITLE" COLUMNS="$COLUMNS" EXPORT_DIR="$EXPORT_DIR" OUT_DIR="$OUT_DIR" \
    python3 - "$CACHE_DIR/frames.tsv" <<'PY'
import html, os, sys
from collections import OrderedDict

title = os.environ["TITLE"]
cols = max(1, int(os.environ["COLUMNS"]))
export_dir = os.environ["EXPORT_DIR"]
out_dir = os.environ["OUT_DIR"]

groups = OrderedDict()
with open(sys.argv[1]) as fh:
    for line in fh:
        name, size = line.rstrip("\n").split("\t")
        part = name.split("_", 1)[0] if "_" in name else "misc"
        groups.setdefault(part, []).append((name, int(size)))

rel = os.path.relpath(export_dir, out_dir)
parts = ["<!doctype html><meta charset='utf-8'><title>%s</title>" % html.escape(title),
         "<style>table{border-collapse:collapse}td{padding:4px;text-align:center;"
         "font:11px sans-serif}img{width:160px}</style>",
         "<h1>%s</h1>" % html.escape(title)]
for part, frames in groups.items():
    parts.append("<h2>%s (%d)</h2><table>" % (html.escape(part), len(frames)))
    for i in range(0, len(frames), cols):
        row = frames[i:i + cols]
        cells = "".join("<td><img src='%s/%s'><br>%s<br>%.1f MB</td>"
                        % (rel, html.escape(n), html.escape(n), s / 1e6)
                        for n, s in row)
        parts.append("<tr>%s</tr>" % cells)
    parts.append("</table>")
out = os.path.join(out_dir, "%s.html" % title.replace(" ", "_"))
with open(out, "w") as fh:
    fh.write("\n".join(parts))
print(out)
PY
)"

log "contact sheet written to $sheet"
printf '%s\t%s\t%s\n' "$(date +%F)" "$frame_count" "$sheet" >> "$OUT_DIR/history.tsv"
