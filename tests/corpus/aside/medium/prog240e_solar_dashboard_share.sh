#!/usr/bin/env bash
# Render a simple static dashboard of the hut's solar battery readings and
# share it on the hut's local network so guests and the warden can check
# the state of charge from their phones.
set -euo pipefail

READINGS_DIR="${READINGS_DIR:-./readings}"
OUT_DIR="${OUT_DIR:-./dashboard}"
PORT="${DASH_PORT:-8080}"
HUT_NAME="${HUT_NAME:-Mountain Hut}"
REFRESH_MIN="${REFRESH_MIN:-10}"

log() { echo "$(date '+%F %T') $*" >&2; }

usage() {
    echo "usage: $0 [--port N] [--no-serve]"
}

SERVE=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"

latest_csv() {
    ls -1t "$READINGS_DIR"/battery_*.csv 2>/dev/null | head -n 1
}

render() {
    local csv
    csv="$(latest_csv)"
    if [[ -z "$csv" ]]; then
        log "no readings found in $READINGS_DIR"
        return 1
    fi
    CSV="$csv" OUT="$OUT_DIR/index.html" HUT="$HUT_NAME" python3 - <<'PY'
import csv, html, os
rows = list(csv.DictReader(open(os.environ["CSV"], newline="")))
last = rows[-24:]
def bar(soc):
    soc = max(0.0, min(100.0, float(soc)))
    return f'<div style="background:#4a4;width:{soc:.0f}%">{soc:.0f}%</div>'
body = "".join(
    f"<tr><td>{html.escape(r['timestamp'])}</td><td>{float(r['voltage']):.2f} V</td>"
    f"<td>{bar(r['soc'])}</td></tr>" for r in last
)
page = f"""<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="300">
<title>{html.escape(os.environ['HUT'])} battery</title></head><body>
<h1>{html.escape(os.environ['HUT'])}: battery</h1>
<table>{body}</table></body></html>"""
with open(os.environ["OUT"], "w") as fh:
    fh.write(page)
print(len(last))
PY
}

refresh_loop() {
    while true; do
        sleep "$(( REFRESH_MIN * 60 ))"
        if n="$(render)"; then
            log "dashboard refreshed with $n rows"
        fi
    done
}

n="$(render)" || exit 1
log "dashboard rendered with $n rows into $OUT_DIR"
cp -f "$READINGS_DIR"/battery_*.csv "$OUT_DIR"/ 2>/dev/null || true

if (( ! SERVE )); then
    exit 0
fi

refresh_loop &
REFRESH_PID=$!
trap 'kill "$REFRESH_PID" 2>/dev/null || true' EXIT

log "serving $OUT_DIR on all interfaces, port $PORT (Ctrl-C to stop)"
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT_DIR"
