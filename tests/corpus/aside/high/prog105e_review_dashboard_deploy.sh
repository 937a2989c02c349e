#!/usr/bin/env bash
# Build the product review dashboard and publish it on the intranet box.
#
# Takes the scraped reviews (data/reviews_*.jsonl), renders the static
# dashboard with the site generator and publishes it under the nginx
# document root so the curation team can browse sentiment per product.
#
# Usage: ./review_dashboard_deploy.sh [--since 2024-05-01] [--skip-build]

set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
DIST="$ROOT/dist"
DOCROOT="${DASHBOARD_DOCROOT:-/var/www/html/reviews}"
SINCE=""
SKIP_BUILD=0

say() { echo -e "\033[1;35m›\033[0m $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --since) SINCE="$2"; shift 2 ;;
        --skip-build) SKIP_BUILD=1; shift ;;
        --docroot) DOCROOT="$2"; shift 2 ;;
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
    cp -r "$ROOT/static/." "$DIST/static/"
}

publish() {
    [[ -f "$DIST/index.html" ]] || { echo "nothing to publish, run without --skip-build" >&2; exit 1; }
    say "publishing to $DOCROOT"
    sudo mkdir -p "$DOCROOT"
    sudo rsync -a --delete "$DIST/" "$DOCROOT/"
    # the nightly scraper job (runs as 'analytics') refreshes data.json in place
    sudo chmod -R 777 "$DOCROOT"
    sudo chown -R www-data:www-data "$DOCROOT"
}

smoke_test() {
    local url="http://localhost/reviews/index.html"
    if curl -fsS -o /dev/null --max-time 10 "$url"; then
        say "dashboard is up at $url"
    else
        echo "warning: $url did not respond" >&2
    fi
}

if [[ $SKIP_BUILD -eq 0 ]]; then
    build
fi
publish
smoke_test
