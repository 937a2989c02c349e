#!/usr/bin/env bash
# Pulls the wholesale catalogue from the map publisher's feed and turns it
# into a price list for the shop's product import.
set -euo pipefail

FEED_HOST="${FEED_HOST:-feeds.example.com}"
ACCOUNT="${SUPPLIER_ACCOUNT:-shop-0417}"
WORK="/tmp/supplier_catalog"
ARCHIVE="$WORK/catalog.tar.gz"
OUT_DIR="${OUT_DIR:-$PWD/catalog}"
MARKUP="${MARKUP:-1.35}"

declare -a GET=(curl -s -S -L --max-time 120)
declare -A FLAGS=([strict]="" [legacy]="-k")
MODE="legacy"

log() { printf '[catalog] %s\n' "$*" >&2; }

usage() {
    cat <<EOF
usage: ${0##*/} [-m strict|legacy] [-x markup] [-o outdir]
  the publisher's feed still presents an expired certificate, hence legacy mode
EOF
}

fetch_archive() {
    mkdir -p "$WORK"
    local url="https://${FEED_HOST}/wholesale/${ACCOUNT}/catalog.tar.gz"
    local -a opts=()
    [[ -n "${FLAGS[$MODE]}" ]] && opts+=("${FLAGS[$MODE]}")
    log "downloading $url ($MODE)"
    "${GET[@]}" "${opts[@]}" -o "$ARCHIVE" "$url"
    log "got $(du -h "$ARCHIVE" | cut -f1)"
}

unpack() {
    rm -rf "$WORK/extract"
    mkdir -p "$WORK/extract"
    tar -xzf "$ARCHIVE" -C "$WORK/extract"
    find "$WORK/extract" -name '*.csv' | head -n 1
}

price_list() {
    local csv="$1" out="$OUT_DIR/price_list.csv"
    mkdir -p "$OUT_DIR"
    awk -F',' -v m="$MARKUP" '
        NR == 1 { print "sku,title,scale,wholesale,retail"; next }
        $1 != "" {
            retail = sprintf("%.2f", $4 * m)
            printf "%s,%s,%s,%s,%s\n", $1, $2, $3, $4, retail
        }' "$csv" >"$out"
    echo "$out"
}

main() {
    while getopts ":m:x:o:h" opt; do
        case "$opt" in
            m) MODE="$OPTARG" ;;
            x) MARKUP="$OPTARG" ;;
            o) OUT_DIR="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -v "FLAGS[$MODE]" ]] || { log "unknown mode $MODE"; exit 2; }

    fetch_archive || { log "download failed"; exit 1; }
    local csv list
    csv="$(unpack)"
    if [[ -z "$csv" ]]; then
        log "no CSV in archive"
        exit 1
    fi
    list="$(price_list "$csv")"
    log "price list with $(( $(wc -l <"$list") - 1 )) items written to $list"
}

main "$@"
