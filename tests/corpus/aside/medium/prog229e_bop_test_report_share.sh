#!/usr/bin/env bash
# bop_test_report_share.sh
# Collects the latest blowout preventer (BOP) pressure test reports from the
# working directory, builds a simple index page with an embedded Python step
# and shares them on the rig LAN with Python's built-in web server so the
# company man and subsea engineer can open them from their laptops.
set -euo pipefail

REPORT_SRC="${REPORT_SRC:-./bop_reports}"
PORT="${PORT:-8088}"
DAYS="${DAYS:-14}"

usage() { echo "Usage: $0 [-s source_dir] [-p port] [-d days]"; }

while getopts "s:p:d:h" opt; do
    case "$opt" in
        s) REPORT_SRC="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date '+%F %T') [bop-share] $*"; }

if [[ ! -d "$REPORT_SRC" ]]; then
    log "no report directory $REPORT_SRC"
    exit 1
fi
if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1024 || PORT > 65535 )); then
    log "port must be 1024-65535"
    exit 2
fi

STAGE="$(mktemp -d /tmp/bop_share.XXXXXX)"
cleanup() {
    rm -rf "$STAGE"
    log "staging removed"
}
trap cleanup EXIT INT TERM

count=0
while IFS= read -r -d '' f; do
    cp -p "$f" "$STAGE/"
    count=$((count + 1))
done < <(find "$REPORT_SRC" -maxdepth 2 -type f \
            \( -name '*.pdf' -o -name '*.csv' -o -name '*.xlsx' \) \
            -mtime -"$DAYS" -print0)

if [[ $count -eq 0 ]]; then
    log "no reports from the last $DAYS days"
    exit 0
fi
log "staged $count report(s)"

STAGE_DIR="$STAGE" RIG_NAME="${RIG_NAME:-$(hostname)}" python3 - <<'PY'
import html
import os
import time
from pathlib import Path

stage = Path(os.environ["STAGE_DIR"])
rig = html.escape(os.environ["RIG_NAME"])
rows = []
for f in sorted(stage.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True):
    if f.name == "index.html":
        continue
    ts = time.strftime("%Y-%m-%d %H:%M", time.localtime(f.stat().st_mtime))
    name = html.escape(f.name)
    rows.append(f"<tr><td><a href='{name}'>{name}</a></td><td>{ts}</td>"
                f"<td>{f.stat().st_size // 1024} KiB</td></tr>")
page = (f"<html><head><title>BOP tests - {rig}</title></head><body>"
        f"<h1>BOP test reports - {rig}</h1><table>"
        "<tr><th>file</th><th>modified</th><th>size</th></tr>"
        + "".join(rows) + "</table></body></html>")
(stage / "index.html").write_text(page)
print(f"index lists {len(rows)} file(s)")
PY

ADDR=$(hostname -I 2>/dev/null | awk '{print $1}')
log "serving on http://${ADDR:-this-host}:$PORT/ (Ctrl-C to stop)"
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$STAGE"
