#!/usr/bin/env bash
# Mirrors the heat results from the timing box to the old web host and
# offers a local preview for the café screens.
#
# The timing box has a self-signed certificate and the web host only takes
# FTP uploads, so both are handled here.
set -euo pipefail

TIMING_URL="${TIMING_URL:-https://198.51.100.30/api/results/today}"
FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-kartresults}"
FTP_PASS="${FTP_PASS:-}"
WORK="/tmp/results_mirror"
PREVIEW_PORT="${PREVIEW_PORT:-8080}"

log() { echo "$(date +%T) mirror: $*"; }

fetch_results() {
    mkdir -p "$WORK"
    log "fetching results from timing box"
    curl -sS -k --max-time 20 -o "$WORK/results.json" "$TIMING_URL"
    if ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$WORK/results.json"; then
        log "timing box returned something that is not JSON"
        return 1
    fi
}

render_html() {
    python3 - "$WORK/results.json" "$WORK/index.html" <<'PY'
import html, json, sys
data = json.load(open(sys.argv[1]))
rows = []
for heat in data.get("heats", []):
    rows.append(f"<h2>{html.escape(str(heat.get('name', 'Heat')))}</h2><ol>")
    for d in heat.get("results", []):
        rows.append(f"<li>{html.escape(str(d.get('driver')))} - {html.escape(str(d.get('best')))}</li>")
    rows.append("</ol>")
open(sys.argv[2], "w").write("<html><body>" + "".join(rows) + "</body></html>")
PY
    log "rendered $WORK/index.html"
}

upload() {
    if [[ -z "$FTP_PASS" ]]; then
        log "FTP_PASS not set, skipping upload"
        return 0
    fi
    local f
    for f in index.html results.json; do
        curl -sS --max-time 60 --user "$FTP_USER:$FTP_PASS" -T "$WORK/$f" "ftp://$FTP_HOST/public_html/results/$f"
        log "uploaded $f"
    done
}

preview() {
    log "preview on port $PREVIEW_PORT (Ctrl-C to stop)"
    cd "$WORK"
    python3 -m http.server "$PREVIEW_PORT" --bind 0.0.0.0
}

usage() {
    echo "usage: $0 [--preview] [--no-upload]"
}

main() {
    local do_preview=0 do_upload=1
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --preview) do_preview=1 ;;
            --no-upload) do_upload=0 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 1 ;;
        esac
        shift
    done
    fetch_results
    render_html
    [[ $do_upload -eq 1 ]] && upload
    [[ $do_preview -eq 1 ]] && preview
    log "done"
}

main "$@"
