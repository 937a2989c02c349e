#!/usr/bin/env bash
# Nightly pull of supplier price lists for the purchasing team.
# Two suppliers still only offer FTP; a third has an HTTPS portal with a
# self-signed certificate.
set -euo pipefail

STAGE="/tmp/greenleaf_pricelists"
DEST="${DEST:-./pricelists/$(date +%Y-%m-%d)}"
FTP_USER="${SUPPLIER_FTP_USER:-greenleaf}"
FTP_PASS="${SUPPLIER_FTP_PASS:-}"
PORTAL_TOKEN="${PORTAL_TOKEN:-}"

declare -A FTP_SOURCES=(
    [nutrimax]="ftp://ftp.nutrimax.example.com/outgoing/prices.csv"
    [aquaroot]="ftp://198.51.100.14/pub/greenleaf/pricelist.csv"
)
PORTAL_URL="https://portal.lumengrow.example.org/export/prices.tar.gz"

log() { echo "[$(date +%T)] $*"; }

fetch_ftp() {
    local name="$1" url="$2"
    log "FTP $name"
    curl -sS --fail --user "$FTP_USER:$FTP_PASS" -o "$STAGE/$name.csv" "$url"
}

fetch_portal() {
    local opts=(--silent --show-error --fail)
    opts+=(--insecure)          # vendor cert is self-signed, they won't fix it
    log "HTTPS portal lumengrow"
    curl "${opts[@]}" -H "Authorization: Bearer $PORTAL_TOKEN" \
        -o "$STAGE/lumengrow.tar.gz" "$PORTAL_URL"
    tar -xzf "$STAGE/lumengrow.tar.gz" -C "$STAGE"
}

normalise() {
    local f="$1" out="$2"
    # supplier,sku,description,price -> keep header + non-empty rows
    awk -F',' 'NR==1 || ($2 != "" && $4 ~ /^[0-9.]+$/)' "$f" >"$out"
}

main() {
    mkdir -p "$STAGE" "$DEST"
    local name
    for name in "${!FTP_SOURCES[@]}"; do
        fetch_ftp "$name" "${FTP_SOURCES[$name]}" || log "WARN: $name failed"
    done
    [ -n "$PORTAL_TOKEN" ] && { fetch_portal || log "WARN: portal failed"; }

    local f count=0
    for f in "$STAGE"/*.csv; do
        [ -e "$f" ] || continue
        normalise "$f" "$DEST/$(basename "$f")"
        count=$((count + 1))
    done
    log "normalised $count price lists into $DEST"
    cat <<EOF >"$DEST/README.txt"
Price lists pulled $(date -Is) from: ${!FTP_SOURCES[*]} lumengrow
EOF
}

main "$@"
