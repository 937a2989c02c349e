#!/usr/bin/env bash
# Share today's scorecards with the handlers' tent.
# Pulls the latest scorecard feed from the results server, renders simple
# HTML pages and serves them on the venue Wi-Fi so handlers can check their
# points from a phone.
set -euo pipefail

FEED_HOST="${SDTS_FEED_HOST:-results.sheepdog-trials.example.com}"
TRIAL="${SDTS_TRIAL:-spring-open}"
PORT="${SDTS_SHARE_PORT:-8080}"
SHARE_DIR="/tmp/sdts_scorecards"
FEED_FILE="/tmp/sdts_feed.json"

log() { printf '%s [share] %s\n' "$(date +%T)" "$*" >&2; }

fetch_feed() {
    local url="https://${FEED_HOST}/api/trials/${TRIAL}/scorecards"
    local opts=(--silent --show-error --fail --insecure --max-time 20)
    log "fetching $url"
    curl "${opts[@]}" "$url" -o "$FEED_FILE"
}

render_cards() {
    mkdir -p "$SHARE_DIR"
    python3 - "$FEED_FILE" "$SHARE_DIR" <<'PY'
import html, json, sys, pathlib
feed, out = sys.argv[1], pathlib.Path(sys.argv[2])
cards = json.load(open(feed))
rows = []
for c in cards:
    name = f"{c['run']:03d}.html"
    body = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(str(v))}</td></tr>"
                   for k, v in c.get("phases", {}).items())
    (out / name).write_text(f"<h1>{html.escape(c['handler'])} &amp; {html.escape(c['dog'])}</h1>"
                            f"<table>{body}</table><p>Total: {c.get('total', '-')}</p>")
    rows.append(f"<li><a href='{name}'>{c['run']}: {html.escape(c['handler'])}</a></li>")
(out / "index.html").write_text("<ul>" + "".join(rows) + "</ul>")
PY
    log "rendered $(ls "$SHARE_DIR" | wc -l) pages"
}

serve() {
    local bind="0.0.0.0"
    log "serving $SHARE_DIR on ${bind}:${PORT}"
    cd "$SHARE_DIR"
    exec python3 -m http.server "$PORT" --bind "$bind"
}

refresh_loop() {
    while sleep "${SDTS_REFRESH_SECS:-120}"; do
        fetch_feed && render_cards || log "refresh failed, keeping old cards"
    done
}

main() {
    fetch_feed
    render_cards
    refresh_loop &
    trap 'kill $! 2>/dev/null || true' EXIT
    serve
}

main "$@"
