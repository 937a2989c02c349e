#!/usr/bin/env bash
# Build the printable sailing timetable pages for each co-op landing from
# timetable.csv (landing,departure,destination,vessel,days).
set -euo pipefail

SOURCE="${SOURCE:-./timetable.csv}"
BUILD_DIR="./build"
SEASON="${SEASON:-summer}"
CLEAN_ONLY=0

log() { echo "$(date '+%T') $*" >&2; }

usage() {
    echo "Usage: $0 [-s source.csv] [-S season] [-c]"
    echo "  -c  only remove the build directory"
}

while getopts ":s:S:ch" opt; do
    case "$opt" in
        s) SOURCE="$OPTARG" ;;
        S) SEASON="$OPTARG" ;;
        c) CLEAN_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ -d "$BUILD_DIR" ]; then
    log "cleaning previous build"
    rm -rf "$BUILD_DIR"
fi
[ "$CLEAN_ONLY" -eq 1 ] && exit 0

if [ ! -f "$SOURCE" ]; then
    log "timetable source $SOURCE not found"
    exit 1
fi
mkdir -p "$BUILD_DIR"

# the list of landings drives one page per landing
landings="$(python3 -c 'import csv,sys; print("\n".join(sorted({r["landing"] for r in csv.DictReader(open(sys.argv[1]))})))' "$SOURCE")"
if [ -z "$landings" ]; then
    log "no landings in $SOURCE"
    exit 1
fi

count=0
while IFS= read -r landing; do
    [ -n "$landing" ] || continue
    slug="$(printf '%s' "$landing" | tr '[:upper:]' '[:lower:]' | tr ' ' '_' | tr -cd 'a-z0-9_')"
    LANDING="$landing" SEASON="$SEASON" SOURCE="$SOURCE" python3 - > "$BUILD_DIR/${slug}.html" <<'PYEOF'
import csv
import html
import os

landing = os.environ["LANDING"]
season = os.environ["SEASON"]
with open(os.environ["SOURCE"], newline="", encoding="utf-8") as fh:
    rows = [r for r in csv.DictReader(fh) if r["landing"] == landing]
rows.sort(key=lambda r: r["departure"])
print(f"<html><head><title>{html.escape(landing)}</title></head><body>")
print(f"<h1>{html.escape(landing)} - {html.escape(season)} sailings</h1><table>")
print("<tr><th>Departs</th><th>To</th><th>Vessel</th><th>Days</th></tr>")
for r in rows:
    cells = (r["departure"], r["destination"], r["vessel"], r["days"])
    print("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
print("</table></body></html>")
PYEOF
    count=$((count + 1))
    log "built $slug.html"
done <<< "$landings"

{
    echo "<html><body><h1>${SEASON^} timetable</h1><ul>"
    for page in "$BUILD_DIR"/*.html; do
        name="$(basename "$page" .html)"
        [ "$name" = "index" ] && continue
        echo "<li><a href=\"${name}.html\">${name//_/ }</a></li>"
    done
    echo "</ul></body></html>"
} > "$BUILD_DIR/index.html"

log "built $count landing pages in $BUILD_DIR"
