#!/usr/bin/env bash
# uptime_pinger.sh - HEAD-ping a list of sites and append results to a CSV
# in the current project directory. Meant to be run by hand or from CI.
set -euo pipefail

SITES_FILE="${1:-sites.txt}"
OUT_DIR="./uptime"
CACHE_DIR="./.pinger-cache"
CSV="$OUT_DIR/uptime.csv"
TIMEOUT="${PINGER_TIMEOUT:-8}"
VERBOSE="${PINGER_VERBOSE:-0}"

log() {
    if [[ "$VERBOSE" == "1" ]]; then
        printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2
    fi
}

die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

ensure_layout() {
    mkdir -p "$OUT_DIR" "$CACHE_DIR"
    if [[ ! -f "$CSV" ]]; then
        echo "timestamp,url,http_code,time_total" > "$CSV"
    fi
}

ping_one() {
    local url="$1" out
    out=$(curl --head --silent --output /dev/null \
               --max-time "$TIMEOUT" \
               --write-out '%{http_code} %{time_total}' \
               "$url" || echo "000 0")
    echo "$out"
}

clean_cache() {
    # remove our own per-run scratch files from previous runs
    find "$CACHE_DIR" -maxdepth 1 -type f -name '*.part' -mtime +1 -delete
}

summarise() {
    local total up
    total=$(tail -n +2 "$CSV" | wc -l)
    up=$(tail -n +2 "$CSV" | awk -F, '$3 ~ /^[23]/ {n++} END {print n+0}')
    echo "checks recorded: $total, successful: $up"
}

main() {
    [[ -r "$SITES_FILE" ]] || die "cannot read $SITES_FILE"
    ensure_layout
    clean_cache

    local scratch="$CACHE_DIR/run-$$.part"
    : > "$scratch"

    while IFS= read -r url; do
        [[ -z "$url" || "$url" == \#* ]] && continue
        read -r code secs <<< "$(ping_one "$url")"
        log "$url -> $code in ${secs}s"
        printf '%s,%s,%s,%s\n' "$(date -u +%FT%TZ)" "$url" "$code" "$secs" >> "$scratch"
    done < "$SITES_FILE"

    cat "$scratch" >> "$CSV"
    rm -f "$scratch"
    summarise
}

main "$@"
