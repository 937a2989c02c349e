#!/usr/bin/env bash
# Morning status check of the chain's public sites and shop order pages.
#
# Sends a HEAD request to each URL in sites.txt (or the defaults below),
# records status code and response time, and prints a short summary the
# duty manager can paste into the team chat.

set -u

SITES_FILE="${1:-sites.txt}"
OUT_DIR="./status"
CACHE_DIR="./.status_cache"
TIMEOUT=10
SLOW_MS=1500

DEFAULT_SITES=(
    "https://www.example.com/"
    "https://www.example.com/shop/bouquets"
    "https://orders.example.com/health"
    "https://img.example.com/logo.png"
)

load_sites() {
    if [ -f "$SITES_FILE" ]; then
        grep -v '^\s*#' "$SITES_FILE" | sed '/^\s*$/d'
    else
        printf '%s\n' "${DEFAULT_SITES[@]}"
    fi
}

probe() {
    # prints "<code> <milliseconds>"
    local url="$1" out
    out=$(curl -s -I -o /dev/null --max-time "$TIMEOUT" \
        -w '%{http_code} %{time_total}' "$url") || out="000 $TIMEOUT"
    awk '{ printf "%s %d\n", $1, $2 * 1000 }' <<< "$out"
}

classify() {
    local code="$1" ms="$2"
    if [ "$code" = "000" ]; then
        echo "DOWN"
    elif [ "$code" -ge 500 ]; then
        echo "ERROR"
    elif [ "$code" -ge 400 ]; then
        echo "MISSING"
    elif [ "$ms" -gt "$SLOW_MS" ]; then
        echo "SLOW"
    else
        echo "OK"
    fi
}

main() {
    mkdir -p "$OUT_DIR" "$CACHE_DIR"
    local stamp report url code ms state bad=0
    stamp=$(date +%Y%m%d-%H%M)
    report="$OUT_DIR/status-$stamp.tsv"
    printf 'url\tcode\tms\tstate\n' > "$report"

    while read -r url; do
        read -r code ms < <(probe "$url")
        state=$(classify "$code" "$ms")
        printf '%s\t%s\t%s\t%s\n' "$url" "$code" "$ms" "$state" >> "$report"
        [ "$state" = "OK" ] || bad=$((bad + 1))
        echo "$state" > "$CACHE_DIR/$(echo "$url" | md5sum | cut -c1-12)"
    done < <(load_sites)

    echo "Site check $(date '+%a %d %b %H:%M'):"
    column -t -s $'\t' "$report" | sed '1d' | sed 's/^/  /'
    echo "$bad problem(s) found. Report: $report"

    # the per-URL cache is only needed during the run
    rm -rf "$CACHE_DIR"
    # keep two weeks of reports
    find "$OUT_DIR" -name 'status-*.tsv' -mtime +14 -delete
    [ "$bad" -eq 0 ]
}

main
