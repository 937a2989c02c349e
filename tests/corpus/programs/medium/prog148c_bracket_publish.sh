#!/usr/bin/env bash
# Publish tonight's tournament bracket to the cafe website and the lobby TV.
# Renders bracket.json to HTML, uploads it to the web host over FTP and pings
# the lobby TV's status page so it refreshes.
set -euo pipefail

BRACKET_JSON="${1:-bracket.json}"
WORK="/tmp/bracket_publish"
OUT_HTML="$WORK/bracket.html"
FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-cafeweb}"
FTP_PASS="${FTP_PASS:?set FTP_PASS}"
TV_URL="${TV_URL:-https://198.51.100.20:8443/refresh}"

log() { echo "$(date +%H:%M:%S) $*"; }

render_html() {
    mkdir -p "$WORK"
    {
        echo "<html><head><meta charset='utf-8'><title>Tonight's bracket</title></head><body>"
        echo "<h1>$(jq -r '.event' "$BRACKET_JSON")</h1>"
        jq -r '.rounds[] | "<h2>Round \(.number)</h2><ul>" + ([.matches[] | "<li>\(.a) vs \(.b): \(.winner // "tbd")</li>"] | join("")) + "</ul>"' \
            "$BRACKET_JSON"
        echo "<p>Updated $(date '+%H:%M')</p></body></html>"
    } > "$OUT_HTML"
    log "rendered $(wc -c < "$OUT_HTML") bytes"
}

upload_ftp() {
    local attempt
    for attempt in 1 2 3; do
        if curl -sS --max-time 60 -T "$OUT_HTML" \
            "ftp://${FTP_USER}:${FTP_PASS}@${FTP_HOST}/public_html/bracket.html"; then
            log "uploaded to $FTP_HOST"
            return 0
        fi
        log "upload attempt $attempt failed"
        sleep 5
    done
    return 1
}

refresh_tv() {
    # the lobby TV uses a self-signed certificate
    if curl -sk --max-time 10 -X POST "$TV_URL" >/dev/null; then
        log "lobby TV refreshed"
    else
        log "lobby TV did not respond"
    fi
}

main() {
    if [ ! -f "$BRACKET_JSON" ]; then
        echo "no bracket file $BRACKET_JSON" >&2
        exit 1
    fi
    command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
    render_html
    upload_ftp || { log "giving up on upload"; exit 1; }
    refresh_tv
    log "published"
}

main
