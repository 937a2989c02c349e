#!/usr/bin/env bash
# Build the lobby display board for today's and tomorrow's services.
# Reads schedule.csv (date,time,chapel,name,type,webcast) from the working
# directory and renders a simple HTML page the lobby TV browser shows.

set -euo pipefail

SCHEDULE="${1:-./schedule.csv}"
OUT_DIR="${FH_BOARD_DIR:-./board}"
TITLE="${FH_BOARD_TITLE:-Today at Oakridge Chapel}"
DAYS="${FH_BOARD_DAYS:-2}"

log() { printf '%s board: %s\n' "$(date '+%T')" "$*" >&2; }

if [[ ! -f "$SCHEDULE" ]]; then
    log "schedule file $SCHEDULE not found"
    exit 2
fi

mkdir -p "$OUT_DIR"
# leftovers from the previous build
rm -rf "$OUT_DIR/.build"
mkdir -p "$OUT_DIR/.build"

TODAY="$(date +%F)"
LAST_DAY="$(date -d "+$((DAYS - 1)) day" +%F)"

# Keep only rows in the window, sorted by date and time, header dropped.
tail -n +2 "$SCHEDULE" |
    awk -F, -v from="$TODAY" -v to="$LAST_DAY" '$1 >= from && $1 <= to' |
    sort -t, -k1,1 -k2,2 > "$OUT_DIR/.build/rows.csv"

ROWS="$(wc -l < "$OUT_DIR/.build/rows.csv")"
log "$ROWS services between $TODAY and $LAST_DAY"

export BOARD_TITLE="$TITLE" BOARD_TODAY="$TODAY"
export BOARD_ROWS="$OUT_DIR/.build/rows.csv"
export BOARD_OUT="$OUT_DIR/.build/index.html"

python3 - <<'PY'
import csv
import datetime as dt
import html
import os

title = os.environ["BOARD_TITLE"]
today = os.environ["BOARD_TODAY"]
rows = list(csv.reader(open(os.environ["BOARD_ROWS"], encoding="utf-8")))

def day_label(d):
    if d == today:
        return "Today"
    return dt.date.fromisoformat(d).strftime("%A %d %B")

parts = [
    "<!doctype html><html><head><meta charset='utf-8'>",
    "<meta http-equiv='refresh' content='300'>",
    f"<title>{html.escape(title)}</title>",
    "<style>body{font-family:serif;background:#1d1d1d;color:#eee;margin:3em}"
    "h2{border-bottom:1px solid #777}td{padding:.4em 1.2em;font-size:1.6em}"
    ".wc{color:#9cf;font-size:.8em}</style></head><body>",
    f"<h1>{html.escape(title)}</h1>",
]
current = None
for date, time, chapel, name, kind, webcast in (r[:6] for r in rows if len(r) >= 6):
    if date != current:
        if current is not None:
            parts.append("</table>")
        parts.append(f"<h2>{html.escape(day_label(date))}</h2><table>")
        current = date
    wc = "<span class='wc'>streamed online</span>" if webcast.strip().lower() == "yes" else ""
    parts.append(
        f"<tr><td>{html.escape(time)}</td><td>{html.escape(name)}</td>"
        f"<td>{html.escape(kind)}</td><td>{html.escape(chapel)} {wc}</td></tr>"
    )
if current is None:
    parts.append("<p>No services scheduled.</p>")
else:
    parts.append("</table>")
parts.append("</body></html>")

with open(os.environ["BOARD_OUT"], "w", encoding="utf-8") as fh:
    fh.write("\n".join(parts))
PY

mv "$OUT_DIR/.build/index.html" "$OUT_DIR/index.html"
rm -rf "$OUT_DIR/.build"
log "board written to $OUT_DIR/index.html ($(wc -c < "$OUT_DIR/index.html") bytes)"
