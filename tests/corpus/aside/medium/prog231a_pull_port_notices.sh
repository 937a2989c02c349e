#!/usr/bin/env bash
# pull_port_notices.sh
#
# Downloads the harbour authority's notices to fishermen (closed areas,
# landing-slot changes, ice reports) as JSON and keeps a dated copy in
# ./notices/. The harbour authority's portal uses a certificate from its
# own internal CA, which the shore-office PCs do not have installed.
#
# Usage: pull_port_notices.sh [-p port_code] [-d days]
#   -p port_code  harbour code (default: all ports)
#   -d days       keep this many days of notices (default 30)

set -euo pipefail

PORTAL="https://notices.harbour.example.org/api/notices"
PORT_CODE=""
KEEP_DAYS=30
OUT_DIR="./notices"
TODAY="$(date +%Y-%m-%d)"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

while getopts ":p:d:h" opt; do
    case "$opt" in
        p) PORT_CODE="$OPTARG" ;;
        d) KEEP_DAYS="$OPTARG" ;;
        *) sed -n '2,12p' "$0"; exit 1 ;;
    esac
done

if ! [[ "$KEEP_DAYS" =~ ^[0-9]+$ ]]; then
    log ERROR "days must be a number"
    exit 1
fi

build_url() {
    if [[ -n "$PORT_CODE" ]]; then
        echo "${PORTAL}?port=${PORT_CODE}&since=${TODAY}"
    else
        echo "${PORTAL}?since=${TODAY}"
    fi
}

fetch() {
    local url="$1" out="$2" attempt
    for attempt in 1 2 3; do
        # -k: portal certificate is signed by the harbour's internal CA
        if curl -sS -k --max-time 30 -o "$out" "$url"; then
            return 0
        fi
        log WARN "download failed (attempt ${attempt}/3)"
        sleep $((attempt * 10))
    done
    return 1
}

summarise() {
    local file="$1"
    if command -v jq > /dev/null 2>&1; then
        local n
        n="$(jq 'length' "$file" 2>/dev/null || echo '?')"
        log INFO "${n} notice(s) in $(basename "$file")"
        jq -r '.[] | "\(.port)\t\(.category)\t\(.title)"' "$file" 2>/dev/null | head -n 20
    else
        log INFO "jq not installed; saved raw JSON only"
    fi
}

prune() {
    local removed
    removed="$(find "$OUT_DIR" -maxdepth 1 -name 'notices_*.json' -mtime +"$KEEP_DAYS" -print -delete | wc -l)"
    log INFO "pruned ${removed} old notice file(s)"
}

main() {
    mkdir -p "$OUT_DIR"
    local suffix="${PORT_CODE:-all}"
    local out="${OUT_DIR}/notices_${suffix}_${TODAY}.json"
    local url
    url="$(build_url)"
    log INFO "fetching notices from $url"
    if ! fetch "$url" "$out"; then
        log ERROR "could not download notices"
        rm -f "$out"
        exit 2
    fi
    summarise "$out"
    prune
}

main
