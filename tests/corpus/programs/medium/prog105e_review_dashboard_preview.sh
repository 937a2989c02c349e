#!/usr/bin/env bash
# Build the product review dashboard and preview it from this machine.
#
# Takes the scraped reviews (data/reviews_*.jsonl), renders the static
# dashboard with the site generator and serves it so the curation team
# can browse sentiment per product from their own laptops before it goes
# to the intranet.
#
# Usage: ./review_dashboard_preview.sh [--since 2024-05-01] [--port 8080]

set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
DIST="$ROOT/dist"
PORT="${PREVIEW_PORT:-8080}"
SINCE=""
SKIP_BUILD=0

say() { echo -e "\033[1;35m›\033[0m $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --since) SINCE="$2"; shift 2 ;;
        --skip-build) SKIP_BUILD=1; shift ;;
        --port) PORT="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

build() {
    say "merging review files"
    mkdir -p "$ROOT/build"
    local merged="$ROOT/build/reviews.jsonl"
    : > "$merged"
    for f in "$ROOT"/data/reviews_*.jsonl; do
        [[ -e "$f" ]] || continue
        if [[ -n "$SINCE" ]]; then
            jq -c --arg since "$SINCE" 'select(.date >= $since)' "$f" >> "$merged"
        else
            cat "$f" >> "$merged"
        fi
    done
    say "$(wc -l < "$merged") reviews in scope"

    say "rendering dashboard"
    python3 "$ROOT/render_dashboard.py" --reviews "$merged" --out "$DIST"
    mkdir -p "$DIST/static"
    cp -r "$ROOT/static/." "$DIST/static/"
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    [[ -f "$DIST/index.html" ]] || { echo "nothing to serve, run without --skip-build" >&2; exit 1; }
    local addr
    addr="$(lan_address)"
    say "serving $DIST"
    say "share this with the team: http://${addr:-<this-host>}:$PORT/"
    say "press Ctrl-C to stop"
    cd "$DIST"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

if [[ $SKIP_BUILD -eq 0 ]]; then
    build
fi
serve
