#!/usr/bin/env bash
# Pull the weekly catalogue export from the shop supplier and the printing
# archive consortium, unpack it and hand it to the import folder.
# The supplier only offers FTP; the consortium's portal still uses a
# self-signed certificate.
set -euo pipefail

SUPPLIER_FTP="${SUPPLIER_FTP:-ftp://ftp.letterpress-supply.example.com/exports}"
SUPPLIER_USER="${SUPPLIER_USER:-pressmuseum}"
SUPPLIER_PASS="${SUPPLIER_PASS:?set SUPPLIER_PASS}"
CONSORTIUM_URL="${CONSORTIUM_URL:-https://198.51.100.77/portal/catalogue/latest.tar.gz}"
WORK_DIR="/tmp/catalogue_pull"
IMPORT_DIR="${IMPORT_DIR:-$HOME/collection/imports}"
STAMP="$(date +%Y%m%d)"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

prepare() {
    rm -rf "$WORK_DIR"
    mkdir -p "$WORK_DIR" "$IMPORT_DIR"
}

pull_supplier() {
    local listing name
    log "listing supplier exports"
    listing="$(curl -s --user "$SUPPLIER_USER:$SUPPLIER_PASS" "$SUPPLIER_FTP/" --list-only)"
    name="$(grep -E '^shop_catalogue_[0-9]{8}\.csv$' <<<"$listing" | sort | tail -n1)"
    if [[ -z "$name" ]]; then
        log "no supplier export yet"
        return 0
    fi
    curl -s --user "$SUPPLIER_USER:$SUPPLIER_PASS" "$SUPPLIER_FTP/$name" -o "$WORK_DIR/$name"
    log "fetched $name ($(wc -l < "$WORK_DIR/$name") rows)"
}

pull_consortium() {
    local flags=(--silent --show-error --fail --max-time 120)
    # portal certificate is self-signed; consortium has not renewed it
    flags+=(--insecure)
    log "fetching consortium bundle"
    curl "${flags[@]}" "$CONSORTIUM_URL" -o "$WORK_DIR/consortium.tar.gz"
    tar -xzf "$WORK_DIR/consortium.tar.gz" -C "$WORK_DIR"
}

hand_over() {
    local f n=0
    for f in "$WORK_DIR"/*.csv "$WORK_DIR"/*/*.csv; do
        [[ -f "$f" ]] || continue
        cp "$f" "$IMPORT_DIR/${STAMP}_$(basename "$f")"
        n=$((n + 1))
    done
    log "$n file(s) placed in $IMPORT_DIR"
}

prepare
pull_supplier
pull_consortium
hand_over
