#!/usr/bin/env bash
# supplier_price_fetch.sh - pull the weekly livestock availability / price
# lists from our wholesalers and show what moved since the last run.
#
# suppliers.conf, one supplier per line:
#     name|url|format        (format: tmc, aquaculture, generic)
#
# Usage: ./supplier_price_fetch.sh [-c suppliers.conf] [-t percent] [-q]
set -uo pipefail

CONF=./suppliers.conf
DATA_DIR=${DATA_DIR:-./prices}
THRESHOLD=5
QUIET=0
# Two of the wholesalers still serve their price portal with a self-signed
# certificate, so certificate checks are relaxed for these downloads.
CURL_OPTS=(--silent --show-error --fail --location --max-time 45 --retry 3 --insecure)

log()  { [ "$QUIET" -eq 1 ] || printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts "c:t:qh" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        t) THRESHOLD=$OPTARG ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -r "$CONF" ] || die "cannot read $CONF"
command -v curl >/dev/null || die "curl is required"
mkdir -p "$DATA_DIR"

# Normalise each supplier's layout to: sku;common_name;size;price
parse_tmc()         { awk -F',' 'NR>1 {gsub(/"/,""); printf "%s;%s;%s;%.2f\n", $1, $2, $4, $6}' "$1"; }
parse_aquaculture() { awk -F';' 'NR>1 && $5!="" {printf "%s;%s;%s;%.2f\n", $2, $3, $4, $5}' "$1"; }
parse_generic()     { awk -F'\t' 'NR>1 {printf "%s;%s;%s;%.2f\n", $1, $2, $3, $NF}' "$1"; }

fetch_supplier() {
    local name=$1 url=$2 format=$3
    local raw="$DATA_DIR/$name.raw.partial" out="$DATA_DIR/$name.$(date +%F).csv"

    log "fetching $name"
    if ! curl "${CURL_OPTS[@]}" -o "$raw" "$url"; then
        log "download failed for $name"
        rm -f "$raw"
        return 1
    fi
    if ! declare -F "parse_$format" >/dev/null; then
        log "unknown format '$format' for $name"
        return 1
    fi
    "parse_$format" "$raw" | sort -t';' -k1,1 > "$out"
    rm -f "$raw"
    ln -sfn "$(basename "$out")" "$DATA_DIR/$name.latest.csv"
    echo "$out"
}

compare_prices() {
    local name=$1 new=$2 old
    old=$(ls -1 "$DATA_DIR/$name".????-??-??.csv 2>/dev/null | grep -v "$(basename "$new")" | tail -n 1)
    if [ -z "$old" ]; then
        log "$name: first snapshot, nothing to compare"
        return 0
    fi
    join -t';' -j1 "$old" "$new" | awk -F';' -v s="$name" -v th="$THRESHOLD" '
        { was=$4; now=$7; if (was > 0) { d=(now-was)/was*100;
          if (d >= th || d <= -th) printf "%-12s %-10s %-28s %8.2f -> %8.2f (%+.1f%%)\n", s, $1, $2, was, now, d } }'
    comm -13 <(cut -d';' -f1 "$old") <(cut -d';' -f1 "$new") | while read -r sku; do
        printf '%-12s %-10s NEW LINE\n' "$name" "$sku"
    done
}

status=0
while IFS='|' read -r name url format; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if snapshot=$(fetch_supplier "$name" "$url" "${format:-generic}"); then
        compare_prices "$name" "$snapshot"
    else
        status=1
    fi
done < "$CONF"

exit $status
