#!/usr/bin/env bash
# Share the printable shift rosters with the team leads' tablets on the
# warehouse Wi-Fi. Builds an index page from the roster CSVs and serves the
# folder over HTTP until Ctrl-C.
set -euo pipefail

ROSTER_DIR="${ROSTER_DIR:-./rosters}"
PUBLIC_DIR="${PUBLIC_DIR:-./rosters_public}"
PORT="${PORT:-8080}"
TITLE="${TITLE:-Eastside warehouse rosters}"

log() { echo "[roster-share] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port) PORT="$2"; shift 2 ;;
        -d|--dir) ROSTER_DIR="$2"; shift 2 ;;
        -t|--title) TITLE="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [-p port] [-d roster_dir] [-t title]"; exit 0 ;;
        *) log "unknown argument: $1"; exit 1 ;;
    esac
done

if [[ ! -d "$ROSTER_DIR" ]]; then
    log "roster directory $ROSTER_DIR does not exist"
    exit 1
fi
if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1024 || PORT > 65535 )); then
    log "port must be between 1024 and 65535"
    exit 1
fi

rm -rf "$PUBLIC_DIR"
mkdir -p "$PUBLIC_DIR"
cp "$ROSTER_DIR"/*.csv "$PUBLIC_DIR"/ 2>/dev/null || true
count=$(find "$PUBLIC_DIR" -maxdepth 1 -name '*.csv' | wc -l)
if [[ "$count" -eq 0 ]]; then
    log "no roster CSVs to share"
    exit 1
fi

# Build index.html; title and folder are handed over in the environment.
export PUBLIC_DIR TITLE
python3 - <<'PY'
import csv, glob, html, os
pub = os.environ["PUBLIC_DIR"]
title = html.escape(os.environ["TITLE"])
parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>",
         "<style>body{font-family:sans-serif}td,th{padding:4px 10px}</style></head>",
         f"<body><h1>{title}</h1><ul>"]
for path in sorted(glob.glob(os.path.join(pub, "*.csv"))):
    name = os.path.basename(path)
    with open(path, newline="") as fh:
        rows = max(sum(1 for _ in csv.reader(fh)) - 1, 0)
    parts.append(f"<li><a href='{html.escape(name)}'>{html.escape(name)}</a> ({rows} volunteers)</li>")
parts.append("</ul></body></html>")
with open(os.path.join(pub, "index.html"), "w") as fh:
    fh.write("\n".join(parts))
PY

ADDR="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "sharing $count rosters at http://${ADDR:-this-host}:${PORT}/ (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$PUBLIC_DIR"
