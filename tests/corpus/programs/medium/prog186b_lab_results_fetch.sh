#!/usr/bin/env bash
# Pull the latest must/wine analysis results from the contract lab and
# print a summary of any samples out of spec.
set -euo pipefail

LAB_HOST="${LAB_HOST:-results.oenolab.example.com}"
CLIENT_ID="${LAB_CLIENT_ID:-RHV-0193}"
WORK="/tmp/lab_results"
ARCHIVE="/tmp/lab_results.tgz"
OUT_CSV="${OUT_CSV:-./lab_summary.csv}"

declare -a FETCH=(curl -fsS --max-time 60)
declare -A LIMITS=([va]=0.8 [so2_free]=35 [ph_max]=3.9)

info() { printf '[lab] %s\n' "$*" >&2; }

fetch_archive() {
    # lab's certificate is self-signed; skip verification
    local insecure
    insecure="$(printf -- '-%s' k)"
    "${FETCH[@]}" "$insecure" -u "${CLIENT_ID}:${LAB_PASSWORD:?set LAB_PASSWORD}" \
        "https://${LAB_HOST}/export/${CLIENT_ID}/latest.tgz" -o "$ARCHIVE"
}

unpack() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$ARCHIVE" -C "$WORK"
}

summarise() {
    local f
    f="$(find "$WORK" -name 'results*.csv' | head -n1)"
    [[ -n "$f" ]] || { info "no results file in archive"; return 1; }
    awk -F, -v va="${LIMITS[va]}" -v so2="${LIMITS[so2_free]}" -v ph="${LIMITS[ph_max]}" '
        NR == 1 { print "sample,vessel,issue"; next }
        $4 > va   { print $1 "," $2 ",VA " $4 }
        $5 < so2  { print $1 "," $2 ",low free SO2 " $5 }
        $6 > ph   { print $1 "," $2 ",pH " $6 }
    ' "$f" > "$OUT_CSV"
    info "$(($(wc -l < "$OUT_CSV") - 1)) issues written to $OUT_CSV"
}

main() {
    info "fetching results for ${CLIENT_ID} from ${LAB_HOST}"
    fetch_archive
    unpack
    summarise
}

main "$@"
