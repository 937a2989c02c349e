#!/usr/bin/env bash
# Daily FX reference-rate snapshot for the invoicing team.
# Fetches rates for the configured base currencies, stores one JSON file per
# base under ./rates/<date>/ and keeps a flat CSV for spreadsheet import.
set -euo pipefail

RATES_API="${RATES_API:-https://api.frankfurter.example/latest}"
OUT_ROOT="./rates"
BASES=(EUR USD GBP CHF)
SYMBOLS="EUR,USD,GBP,CHF,JPY,SEK,PLN"
KEEP_DAYS=30
RETRIES=3

log() { printf '%s [fx] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

usage() {
    cat <<USAGE
usage: $0 [-d YYYY-MM-DD] [-k keep_days]
USAGE
    exit 1
}

DAY="$(date -u +%F)"
while getopts ":d:k:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

command -v jq >/dev/null || { log "jq is required"; exit 2; }

fetch_base() {
    local base="$1" dest="$2" attempt=1
    while (( attempt <= RETRIES )); do
        if curl -fsS --max-time 20 -H 'Accept: application/json' \
               "${RATES_API}?from=${base}&to=${SYMBOLS}" -o "${dest}.partial"; then
            if jq -e '.rates | length > 0' "${dest}.partial" >/dev/null; then
                mv "${dest}.partial" "$dest"
                return 0
            fi
            log "empty rates for $base"
        fi
        log "attempt $attempt for $base failed"
        attempt=$(( attempt + 1 ))
        sleep $(( attempt * 2 ))
    done
    rm -f "${dest}.partial"
    return 1
}

day_dir="${OUT_ROOT}/${DAY}"
mkdir -p "$day_dir"
csv="${OUT_ROOT}/rates.csv"
[[ -f "$csv" ]] || echo "date,base,quote,rate" > "$csv"

failed=0
for base in "${BASES[@]}"; do
    target="${day_dir}/${base}.json"
    if [[ -s "$target" ]]; then
        log "$base already captured for $DAY"
        continue
    fi
    if fetch_base "$base" "$target"; then
        jq -r --arg d "$DAY" --arg b "$base" \
            '.rates | to_entries[] | [$d, $b, .key, (.value|tostring)] | join(",")' \
            "$target" >> "$csv"
        chmod 600 "$target"
        log "stored $target"
    else
        failed=$(( failed + 1 ))
    fi
done

# prune our own old snapshot directories and leftover partial downloads
find "$OUT_ROOT" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" -exec rm -rf {} +
find "$OUT_ROOT" -name '*.partial' -delete

log "done: ${#BASES[@]} bases, $failed failed"
exit $(( failed > 0 ))
