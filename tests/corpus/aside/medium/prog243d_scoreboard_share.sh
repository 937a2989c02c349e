#!/usr/bin/env bash
# Share the live scoreboard page with phones and tablets around the arena.
# Renders ./data/scores.csv to HTML every few seconds and serves the folder
# with Python's built-in web server so anyone on the network can open it.
set -uo pipefail

SCORES="${SCORES:-./data/scores.csv}"
SHARE_DIR="/tmp/arena-scoreboard"
PORT="${PORT:-8080}"
REFRESH=10
TITLE="Arena Live Scores"

log() { printf '%s [share] %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":s:p:r:t:h" opt; do
    case "$opt" in
        s) SCORES="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        r) REFRESH="$OPTARG" ;;
        t) TITLE="$OPTARG" ;;
        h) echo "usage: $0 [-s scores.csv] [-p port] [-r refresh] [-t title]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

[[ -r "$SCORES" ]] || { log "no scores file at $SCORES"; exit 1; }
mkdir -p "$SHARE_DIR"

render() {
    SB_CSV="$SCORES" SB_OUT="$SHARE_DIR/index.html" SB_TITLE="$TITLE" \
    SB_REFRESH="$REFRESH" python3 - <<'PY'
import csv
import html
import os
import time

rows = []
with open(os.environ["SB_CSV"], newline="") as fh:
    for r in csv.DictReader(fh):
        rows.append((r.get("team", "?"), int(r.get("points") or 0)))
rows.sort(key=lambda r: -r[1])
title = html.escape(os.environ["SB_TITLE"])
body = "\n".join(f"<tr><td>{i}</td><td>{html.escape(t)}</td><td>{p}</td></tr>"
                 for i, (t, p) in enumerate(rows, 1))
page = f"""<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="{int(os.environ['SB_REFRESH'])}">
<title>{title}</title></head><body><h1>{title}</h1>
<table><tr><th>#</th><th>Team</th><th>Points</th></tr>
{body}</table><p>updated {time.strftime('%H:%M:%S')}</p></body></html>"""
tmp = os.environ["SB_OUT"] + ".part"
with open(tmp, "w") as fh:
    fh.write(page)
os.replace(tmp, os.environ["SB_OUT"])
PY
}

refresh_loop() {
    while true; do
        render || log "render failed, keeping the previous page"
        sleep "$REFRESH"
    done
}

render || { log "first render failed"; exit 1; }
refresh_loop &
LOOP_PID=$!
trap 'kill "$LOOP_PID" 2>/dev/null; log "stopped"' EXIT INT TERM

log "serving $SHARE_DIR on http://0.0.0.0:$PORT/ (Ctrl-C to stop)"
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR"
