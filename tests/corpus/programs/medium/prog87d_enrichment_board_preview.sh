#!/usr/bin/env bash
# enrichment_board_preview.sh - build and preview the public enrichment timetable
#
# Visitors see "what's happening today" (feeds, keeper talks, enrichment
# sessions) on the website and on the entrance screens.  The keepers maintain
# schedule.csv; this turns it into static pages and serves them so the
# education team can check them on a phone or the screen in the office
# before the web team picks up the _site folder.
#
#   enrichment_board_preview.sh [schedule.csv]
#
# Environment: PREVIEW_PORT (default 8000)

set -euo pipefail

SCHEDULE="${1:-schedule.csv}"
BUILD="./_site"
PREVIEW_PORT="${PREVIEW_PORT:-8000}"
TITLE="${BOARD_TITLE:-Today at the Zoo}"

info() { echo "==> $*"; }
err()  { echo "!! $*" >&2; }

[[ -f "$SCHEDULE" ]] || { err "schedule $SCHEDULE not found"; exit 1; }

build_site() {
    rm -rf "$BUILD"
    mkdir -p "$BUILD"
    SCHEDULE="$SCHEDULE" BUILD="$BUILD" TITLE="$TITLE" python3 - <<'PY'
import csv, html, os, datetime, collections

src, out, title = os.environ["SCHEDULE"], os.environ["BUILD"], os.environ["TITLE"]
days = collections.defaultdict(list)
with open(src, newline="") as fh:
    for row in csv.DictReader(fh):
        days[row["day"].strip().lower()].append(row)

order = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
nav = " | ".join(f'<a href="{d}.html">{d.title()}</a>' for d in order if d in days)
for day, rows in days.items():
    rows.sort(key=lambda r: r["time"])
    items = "\n".join(
        f"<li><b>{html.escape(r['time'])}</b> {html.escape(r['activity'])}"
        f" &ndash; {html.escape(r['animal'])} ({html.escape(r['location'])})</li>"
        for r in rows)
    with open(os.path.join(out, f"{day}.html"), "w") as fh:
        fh.write(f"<!doctype html><meta charset=utf-8><title>{html.escape(title)}</title>"
                 f"<link rel=stylesheet href=board.css><nav>{nav}</nav>"
                 f"<h1>{html.escape(title)} &ndash; {day.title()}</h1><ul>{items}</ul>"
                 f"<footer>Built {datetime.datetime.now():%d %b %Y %H:%M}</footer>")
today = order[datetime.date.today().weekday()]
target = today if today in days else next(iter(days))
with open(os.path.join(out, "index.html"), "w") as fh:
    fh.write(f'<!doctype html><meta http-equiv=refresh content="0; url={target}.html">')
print(f"built {len(days)} day page(s)")
PY
    if [[ -f board.css ]]; then
        cp board.css "$BUILD/"
    else
        printf 'body{font-family:sans-serif;margin:2em}li{margin:.4em 0}\n' > "$BUILD/board.css"
    fi
}

check_build() {
    local n
    n=$(find "$BUILD" -name '*.html' | wc -l)
    if [[ "$n" -lt 2 ]]; then
        err "build produced only $n page(s)"
        exit 1
    fi
    info "$n pages ready in $BUILD"
}

preview_site() {
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    info "preview at http://${ip:-localhost}:$PREVIEW_PORT/ (Ctrl-C to stop)"
    python3 -m http.server "$PREVIEW_PORT" --bind 0.0.0.0 --directory "$BUILD"
}

build_site
check_build
preview_site
