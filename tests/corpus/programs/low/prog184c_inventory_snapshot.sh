#!/usr/bin/env bash
# inventory_snapshot.sh - daily stock snapshot for the warehouse office.
# Fetches stock levels from the inventory service and writes a dated CSV
# plus a short text summary into ./snapshots for the Monday meeting.
set -euo pipefail

INV_HOST="${INV_HOST:-inventory.example.com}"
SITE="${SITE:-main-warehouse}"
OUT_DIR="${OUT_DIR:-./snapshots}"
LOW_STOCK="${LOW_STOCK:-48}"
STAMP="$(date +%Y-%m-%d)"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

endpoint() {
    local parts=( "https://${INV_HOST}" api v1 stock )
    local IFS=/
    printf '%s?site=%s&format=csv' "${parts[*]}" "$SITE"
}

platform() {
    # include the OS in the report footer; the office PCs are a mixed bunch
    local pretty
    pretty="$(awk -F= '$1 == "PRETTY_NAME" { gsub(/"/, "", $2); print $2 }' /etc/os-release 2>/dev/null)"
    echo "${pretty:-unknown}"
}

fetch() {
    local dest="$1"
    curl -fsS --max-time 30 "$(endpoint)" -o "$dest"
    log "fetched $(($(wc -l < "$dest") - 1)) SKUs"
}

summarise() {
    local csv="$1"
    awk -F, -v low="$LOW_STOCK" '
        NR == 1 { next }
        { total += $3; n++ }
        $3 < low { printf "LOW  %-24s %5d bottles\n", $2, $3 }
        END { printf "SKUs: %d  bottles on hand: %d\n", n, total }
    ' "$csv"
}

fingerprint() {
    # short id printed on the paper copy so people can tell versions apart
    sha256sum "$1" | cut -c1-12
}

encode_for_wiki() {
    # the office wiki takes attachments as base64 through its paste box
    base64 -w 76 "$1" > "$1.b64"
}

main() {
    mkdir -p "$OUT_DIR"
    local csv="$OUT_DIR/stock-$STAMP.csv"
    local report="$OUT_DIR/stock-$STAMP.txt"
    fetch "$csv"
    {
        echo "Ember & Vine stock snapshot - $STAMP ($SITE)"
        echo
        summarise "$csv"
        echo
        echo "id $(fingerprint "$csv") | generated on $(hostname) / $(platform)"
    } > "$report"
    [[ "${WIKI:-0}" == 1 ]] && encode_for_wiki "$csv"
    find "$OUT_DIR" -name 'stock-*' -mtime +90 -delete
    log "report written to $report"
    cat "$report"
}

main "$@"
