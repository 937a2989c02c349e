#!/usr/bin/env bash
# Publishes tuning reports on the site network so the organist and the
# restorer's assistant can open them on a tablet at the console.
set -euo pipefail

REPORT_DIR="${REPORT_DIR:-./reports}"
PORT="${PORT:-8000}"
TITLE="${SITE_TITLE:-Tuning reports}"

usage() { echo "usage: $0 [-d dir] [-p port] [-t title]" >&2; exit 2; }

while getopts ":d:p:t:" o; do
    case "$o" in
        d) REPORT_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) TITLE="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -d "$REPORT_DIR" ]] || { echo "no report directory: $REPORT_DIR" >&2; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ ]] || { echo "bad port: $PORT" >&2; exit 1; }

count="$(find "$REPORT_DIR" -maxdepth 1 -type f \( -name '*.pdf' -o -name '*.csv' -o -name '*.txt' \) | wc -l)"
echo "found $count report files in $REPORT_DIR"

# build an index page listing the reports, newest first
REPORT_DIR="$REPORT_DIR" TITLE="$TITLE" python3 <<'PY'
import html, os, time
d = os.environ["REPORT_DIR"]
files = [f for f in os.listdir(d) if f.endswith((".pdf", ".csv", ".txt"))]
files.sort(key=lambda f: os.path.getmtime(os.path.join(d, f)), reverse=True)
rows = []
for f in files:
    st = os.stat(os.path.join(d, f))
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(st.st_mtime))
    rows.append(f'<tr><td><a href="{html.escape(f)}">{html.escape(f)}</a></td>'
                f"<td>{when}</td><td>{st.st_size // 1024} KiB</td></tr>")
title = html.escape(os.environ["TITLE"])
with open(os.path.join(d, "index.html"), "w") as fh:
    fh.write(f"<!doctype html><title>{title}</title><h1>{title}</h1>"
             "<table>" + "".join(rows) + "</table>")
print(f"index.html lists {len(files)} files")
PY

addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
echo "serving $REPORT_DIR on all interfaces, port $PORT"
[[ -n "$addr" ]] && echo "open http://${addr}:${PORT}/ on the tablet"

trap 'echo; echo "stopped"' INT
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$REPORT_DIR"
