#!/usr/bin/env bash
# fx_rates_fetch.sh - fetch the ECB euro reference rates and write them as a
# small CSV the ledger revaluation job reads (currency,rate,date).
#
# Responses are cached under ./.cache/fx keyed by the request URL so repeated
# runs during the close don't hammer the ECB endpoint.
#
#   fx_rates_fetch.sh [-o out.csv] [-m max_age_minutes] [-s CUR,CUR,...]

set -euo pipefail

ECB_URL="${ECB_URL:-https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml}"
CACHE_DIR="./.cache/fx"
OUT_FILE=""
MAX_AGE=60
SYMBOLS=""

usage() { sed -n '2,8p' "$0"; }

while getopts "o:m:s:h" opt; do
    case "$opt" in
        o) OUT_FILE="$OPTARG" ;;
        m) MAX_AGE="$OPTARG" ;;
        s) SYMBOLS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

err() { echo "fx: $*" >&2; }

cache_path() {
    local key
    key=$(printf '%s' "$1" | md5sum | cut -d' ' -f1)
    echo "${CACHE_DIR}/${key}.xml"
}

fetch() {
    local url="$1" dest="$2"
    mkdir -p "$CACHE_DIR"
    if [[ -f "$dest" ]] && [[ -n "$(find "$dest" -mmin -"$MAX_AGE" 2>/dev/null)" ]]; then
        err "using cached copy ($(basename "$dest"))"
        return 0
    fi
    local tries=0
    until curl -fsS --max-time 20 -o "${dest}.part" "$url"; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            err "giving up after $tries attempts"
            [[ -f "$dest" ]] && { err "falling back to stale cache"; return 0; }
            return 1
        fi
        sleep $((tries * 3))
    done
    mv -f "${dest}.part" "$dest"
}

parse_rates() {
    local xml="$1"
    local day
    day=$(grep -o "time='[0-9-]*'" "$xml" | head -n1 | cut -d"'" -f2)
    [[ -n "$day" ]] || { err "no reference date in response"; return 1; }
    echo "currency,rate,date"
    echo "EUR,1.0,${day}"
    grep -o "currency='[A-Z]*' rate='[0-9.]*'" "$xml" \
        | sed -E "s/currency='([A-Z]+)' rate='([0-9.]+)'/\1,\2,${day}/"
}

filter_symbols() {
    if [[ -z "$SYMBOLS" ]]; then
        cat
        return
    fi
    local pattern
    pattern="^(currency|${SYMBOLS//,/|}),"
    grep -E "$pattern"
}

main() {
    local cached
    cached=$(cache_path "$ECB_URL")
    fetch "$ECB_URL" "$cached"
    if [[ -z "$OUT_FILE" ]]; then
        OUT_FILE="./fx_rates_$(date +%F).csv"
    fi
    parse_rates "$cached" | filter_symbols > "$OUT_FILE"
    err "wrote $(($(wc -l < "$OUT_FILE") - 1)) rate(s) to $OUT_FILE"
}

main
