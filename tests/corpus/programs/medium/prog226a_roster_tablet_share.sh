#!/usr/bin/env bash
# Roster tablet share for the Snowline Ski & Ride School meeting point.
# Builds today's class roster pages from the booking export and serves them
# on the local network so the instructors' tablets can open them at line-up.
#
# Usage: prog226a_roster_tablet_share.sh [-e export.csv] [-p port] [-t minutes]
set -euo pipefail

EXPORT="./exports/lessons_today.csv"
PORT=8080
MINUTES=90
SHARE_DIR="./roster_share"

log() { printf '%s roster: %s\n' "$(date '+%T')" "$*" >&2; }

while getopts ":e:p:t:h" opt; do
    case "$opt" in
        e) EXPORT="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) MINUTES="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 1 ;;
    esac
done

[[ -f "$EXPORT" ]] || { log "export $EXPORT not found"; exit 2; }
[[ "$PORT" =~ ^[0-9]+$ ]] || { log "port must be numeric"; exit 1; }

rm -rf "$SHARE_DIR"
mkdir -p "$SHARE_DIR"

build_pages() {
    ROSTER_CSV="$EXPORT" SHARE_DIR="$SHARE_DIR" python3 - <<'PY'
import csv, html, os
from collections import defaultdict

groups = defaultdict(list)
with open(os.environ["ROSTER_CSV"], newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        key = (row.get("slot", "?"), row.get("instructor", "unassigned"))
        groups[key].append(row)

out = os.environ["SHARE_DIR"]
links = []
for i, ((slot, instr), rows) in enumerate(sorted(groups.items())):
    fname = f"group_{i:02d}.html"
    items = "".join(
        f"<tr><td>{html.escape(r.get('student_name', ''))}</td>"
        f"<td>{html.escape(r.get('level', ''))}</td>"
        f"<td>{html.escape(r.get('emergency_contact', ''))}</td></tr>"
        for r in rows)
    with open(os.path.join(out, fname), "w", encoding="utf-8") as fh:
        fh.write(f"<h1>{html.escape(slot)} - {html.escape(instr)}</h1>"
                 f"<table>{items}</table>")
    links.append(f'<li><a href="{fname}">{html.escape(slot)} '
                 f'{html.escape(instr)} ({len(rows)})</a></li>')
with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as fh:
    fh.write("<h1>Today's classes</h1><ul>" + "".join(links) + "</ul>")
print(len(links))
PY
}

groups="$(build_pages)"
log "built $groups class pages in $SHARE_DIR"

ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "tablets: open http://${ip:-this-pc}:$PORT/ (sharing for $MINUTES min)"

timeout "$((MINUTES * 60))" \
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR" \
    || true
log "share closed"
