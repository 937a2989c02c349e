#!/usr/bin/env bash
# Pull the weekly price sheets from the parts supplier and merge them into one CSV.
set -euo pipefail

SUPPLIER_HOST="${SUPPLIER_HOST:-prices.example.org}"
SHEETS=(ribbons platens feet drawbands typeslugs)
WORK="/tmp/twparts"
OUT="${PWD}/prices-$(date +%Y%m%d).csv"
CURL_OPTS=(-fsS --max-time 90 --retry 2)
VERBOSE=0

msg() { (( VERBOSE )) && echo ">> $*" >&2; return 0; }

usage() {
    cat <<EOT
usage: $(basename "$0") [-v] [-k] [-o FILE]
  -k   accept the supplier's self-signed certificate
  -o   output CSV (default ${OUT})
EOT
}

fetch_bundle() {
    local url="https://${SUPPLIER_HOST}/weekly/sheets.tar.gz"
    mkdir -p "$WORK"
    msg "downloading $url"
    curl "${CURL_OPTS[@]}" "$url" -o "$WORK/sheets.tar.gz"
    tar -xzf "$WORK/sheets.tar.gz" -C "$WORK"
}

merge_sheets() {
    local first=1 sheet file
    : > "$OUT"
    for sheet in "${SHEETS[@]}"; do
        file="$WORK/${sheet}.csv"
        if [[ ! -f "$file" ]]; then
            msg "missing sheet $sheet"
            continue
        fi
        if (( first )); then
            head -n 1 "$file" | sed 's/^/category,/' >> "$OUT"
            first=0
        fi
        tail -n +2 "$file" | sed "s/^/${sheet},/" >> "$OUT"
    done
}

summary() {
    local rows
    rows=$(( $(wc -l < "$OUT") - 1 ))
    echo "merged ${rows} price rows into ${OUT}"
}

main() {
    while getopts ":vko:h" opt; do
        case "$opt" in
            v) VERBOSE=1 ;;
            k) CURL_OPTS+=(--insecure) ;;
            o) OUT="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -n "${SUPPLIER_INSECURE:-}" ]] && CURL_OPTS+=(-k)
    fetch_bundle || { echo "download failed" >&2; exit 1; }
    merge_sheets
    summary
}

main "$@"
