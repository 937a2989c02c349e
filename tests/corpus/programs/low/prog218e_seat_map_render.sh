#!/usr/bin/env bash
# seat_map_render.sh -- render the hall seat map (which team sits where)
# as a static HTML page for the info screens at the entrance.
# Reads seats.csv (seat,row,col,team,handle) from the working directory.
#
# Usage: seat_map_render.sh [-i seats.csv] [-o build] [-t title] [-L]
set -euo pipefail

INPUT="./seats.csv"
OUT_DIR="./build"
TITLE="Arena Hall A"
FETCH_LOGO=1
LOGO_URL="https://assets.example.org/arena/logo.svg"

log() { echo "[seatmap] $*" >&2; }

while getopts ":i:o:t:Lh" opt; do
    case "$opt" in
        i) INPUT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        t) TITLE="$OPTARG" ;;
        L) FETCH_LOGO=0 ;;
        *) echo "usage: $0 [-i seats.csv] [-o dir] [-t title] [-L]" >&2; exit 2 ;;
    esac
done

[ -r "$INPUT" ] || { log "cannot read ${INPUT}"; exit 1; }
mkdir -p "$OUT_DIR"

fetch_logo() {
    [ "$FETCH_LOGO" -eq 1 ] || return 0
    if [ -s "${OUT_DIR}/logo.svg" ]; then
        log "logo already cached"
        return 0
    fi
    if curl -fsS --max-time 10 -o "${OUT_DIR}/logo.svg" "$LOGO_URL"; then
        log "logo downloaded"
    else
        log "logo unavailable, page will render without it"
        rm -f "${OUT_DIR}/logo.svg"
    fi
}

count_teams() {
    tail -n +2 "$INPUT" | cut -d, -f4 | sort -u | grep -c . || true
}

render() {
    SEATS_FILE="$INPUT" OUT_FILE="${OUT_DIR}/seatmap.html" MAP_TITLE="$TITLE" \
    HAS_LOGO="$( [ -s "${OUT_DIR}/logo.svg" ] && echo 1 || echo 0 )" \
    python3 - <<'PY'
import csv
import html
import os
import sys
import zlib

rows = {}
max_col = 0
with open(os.environ["SEATS_FILE"], newline="", encoding="utf-8") as fh:
    for rec in csv.DictReader(fh):
        try:
            r, c = int(rec["row"]), int(rec["col"])
        except (KeyError, ValueError):
            print("skipping bad row:", rec, file=sys.stderr)
            continue
        rows.setdefault(r, {})[c] = rec
        max_col = max(max_col, c)

def colour(team):
    hue = zlib.crc32(team.encode()) % 360
    return f"hsl({hue},60%,70%)"

title = html.escape(os.environ["MAP_TITLE"])
out = ["<!doctype html><html><head><meta charset='utf-8'>",
       f"<title>{title}</title>",
       "<style>td{width:70px;height:40px;text-align:center;font:11px sans-serif}</style>",
       "</head><body>"]
if os.environ.get("HAS_LOGO") == "1":
    out.append("<img src='logo.svg' height='60'>")
out.append(f"<h1>{title}</h1><table>")
for r in sorted(rows):
    out.append("<tr>")
    for c in range(1, max_col + 1):
        rec = rows[r].get(c)
        if rec is None:
            out.append("<td></td>")
            continue
        team = rec.get("team", "")
        out.append(f"<td style='background:{colour(team)}'>{html.escape(rec['seat'])}"
                   f"<br>{html.escape(team)}<br>{html.escape(rec.get('handle', ''))}</td>")
    out.append("</tr>")
out.append("</table></body></html>")
with open(os.environ["OUT_FILE"], "w", encoding="utf-8") as fh:
    fh.write("\n".join(out))
print(sum(len(v) for v in rows.values()))
PY
}

fetch_logo
seats="$(render)" || { log "render failed"; exit 1; }
log "rendered ${seats} seats for $(count_teams) teams into ${OUT_DIR}/seatmap.html"
