#!/usr/bin/env bash
# Builds the lobby signage pages (today's sessions, safety briefing times)
# into ./build and writes a checksum list for the signage player.
set -euo pipefail

SCHEDULE_URL="${SCHEDULE_URL:-https://booking.example.com/api/public/schedule/today}"
BUILD_DIR="./build"
TITLE="${TITLE:-Indoor Karting - Today}"

log() { printf '[signage] %s\n' "$*"; }

platform() {
    # shellcheck disable=SC1091
    . /etc/os-release
    printf '%s %s' "${NAME:-linux}" "${VERSION_ID:-}"
}

clean() {
    if [[ -d "$BUILD_DIR" ]]; then
        rm -rf -- "$BUILD_DIR"
        log "removed old $BUILD_DIR"
    fi
    mkdir -p "$BUILD_DIR"
}

fetch_schedule() {
    curl -fsS --max-time 15 "$SCHEDULE_URL" -o "$BUILD_DIR/schedule.json"
}

rows() {
    python3 - "$BUILD_DIR/schedule.json" <<'PY'
import json, sys, html
for s in json.load(open(sys.argv[1])).get("sessions", []):
    print(f"<tr><td>{html.escape(s['start'])}</td><td>{html.escape(s['name'])}</td>"
          f"<td>{int(s.get('free', 0))}</td></tr>")
PY
}

render() {
    local body
    body="$(rows)"
    cat > "$BUILD_DIR/index.html" <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><title>$TITLE</title>
<meta http-equiv="refresh" content="300"></head>
<body><h1>$TITLE</h1>
<table><tr><th>Start</th><th>Session</th><th>Free karts</th></tr>
$body
</table>
<p class="foot">Built $(date '+%H:%M') on $(platform)</p>
</body></html>
HTML
}

checksums() {
    (cd "$BUILD_DIR" && sha256sum -- *.html *.json > SHA256SUMS)
}

steps=(clean fetch_schedule render checksums)
for step in "${steps[@]}"; do
    log "$step"
    "$step"
done
log "signage ready in $BUILD_DIR"
