#!/usr/bin/env bash
# Share the weekly sensor exports with the agronomy consultant on the LAN.
#
# Builds an index page for ./exports with a python heredoc, then serves that
# directory over plain HTTP on all interfaces until Ctrl-C.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
PORT="${PORT:-8080}"
WEEKS="${WEEKS:-4}"
TITLE="${TITLE:-GreenStack sensor exports}"

log() { echo "[share] $*" >&2; }

usage() {
    echo "usage: $0 [-p port] [-w weeks] [-d dir]"
}

while getopts "p:w:d:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        w) WEEKS="$OPTARG" ;;
        d) EXPORT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1024 )); then
    log "port must be a number >= 1024"
    exit 2
fi

mkdir -p "$EXPORT_DIR"

# keep only the last $WEEKS weekly export files in the shared directory
mapfile -t exports < <(ls -1t "$EXPORT_DIR"/week-*.csv 2>/dev/null || true)
if (( ${#exports[@]} > WEEKS )); then
    for old in "${exports[@]:WEEKS}"; do
        log "archiving $old"
        mkdir -p ./exports-archive
        mv "$old" ./exports-archive/
    done
fi

export EXPORT_DIR TITLE
python3 - <<'PY'
import html, os, time
d = os.environ["EXPORT_DIR"]
title = html.escape(os.environ["TITLE"])
rows = []
for name in sorted(os.listdir(d), reverse=True):
    if not name.endswith(".csv"):
        continue
    st = os.stat(os.path.join(d, name))
    with open(os.path.join(d, name)) as fh:
        lines = sum(1 for _ in fh) - 1
    rows.append(
        f"<tr><td><a href='{html.escape(name)}'>{html.escape(name)}</a></td>"
        f"<td>{max(lines, 0)}</td><td>{st.st_size // 1024} KiB</td>"
        f"<td>{time.strftime('%Y-%m-%d %H:%M', time.localtime(st.st_mtime))}</td></tr>"
    )
page = (
    f"<!doctype html><title>{title}</title><h1>{title}</h1>"
    "<table border=1><tr><th>file</th><th>rows</th><th>size</th><th>updated</th></tr>"
    + "".join(rows) + "</table>"
)
with open(os.path.join(d, "index.html"), "w") as fh:
    fh.write(page)
print(f"[share] index lists {len(rows)} exports")
PY

ADDR="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "serving $EXPORT_DIR on http://${ADDR:-this-host}:${PORT}/ (all interfaces), Ctrl-C to stop"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$EXPORT_DIR"
