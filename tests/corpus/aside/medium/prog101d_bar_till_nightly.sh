#!/usr/bin/env bash
# Nightly bar till export for the treasurer and the accountant.
#
# Pulls yesterday's sales, voids and stock movements out of the till's
# SQLite database, bundles them as CSVs with a manifest and drops the bundle
# on the accountant's FTP server (their practice software only takes FTP).
#
# Usage: bar_till_nightly.sh [YYYY-MM-DD]     (default: yesterday)
# Config: ./till_export.conf (shell syntax), or TILL_EXPORT_CONF=path

set -euo pipefail

CONF="${TILL_EXPORT_CONF:-./till_export.conf}"
# shellcheck source=/dev/null
[[ -r "$CONF" ]] && . "$CONF"

TILL_DB="${TILL_DB:-./till/till.sqlite}"
STAGE="${STAGE:-/tmp/till_export}"
FTP_HOST="${FTP_HOST:-ftp.ledgerline-accounts.example}"
FTP_USER="${FTP_USER:-oldboysrfc}"
FTP_PASS="${FTP_PASS:?set FTP_PASS in $CONF}"
FTP_DIR="${FTP_DIR:-incoming/bar}"
KEEP_DAYS="${KEEP_DAYS:-14}"
DAY="${1:-$(date -d yesterday +%F)}"

log() { printf '%s [till-nightly] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

query_csv() {
    local name="$1" sql="$2"
    sqlite3 -header -csv "$TILL_DB" "$sql" > "$STAGE/$DAY/${name}_${DAY}.csv" \
        || die "query for $name failed"
    log "$name: $(($(wc -l < "$STAGE/$DAY/${name}_${DAY}.csv") - 1)) rows"
}

export_day() {
    mkdir -p "$STAGE/$DAY"
    query_csv sales  "SELECT s.id, s.sold_at, p.plu, p.name, s.qty, s.unit_price, s.vat_rate, s.tender
                      FROM sales s JOIN products p ON p.id = s.product_id
                      WHERE date(s.sold_at) = '$DAY' ORDER BY s.sold_at"
    query_csv voids  "SELECT id, voided_at, sale_id, staff, reason FROM voids
                      WHERE date(voided_at) = '$DAY'"
    query_csv stock  "SELECT moved_at, plu, delta, reason FROM stock_moves
                      WHERE date(moved_at) = '$DAY'"
}

write_manifest() {
    (
        cd "$STAGE/$DAY"
        {
            echo "club=${CLUB_NAME:-Old Boys RFC}"
            echo "day=$DAY"
            echo "generated=$(date -Is)"
            sha256sum ./*.csv
        } > MANIFEST
    )
}

bundle() {
    BUNDLE="$STAGE/bar_${DAY}.tar.gz"
    tar -czf "$BUNDLE" -C "$STAGE/$DAY" .
    log "bundle $(basename "$BUNDLE") $(du -h "$BUNDLE" | cut -f1)"
}

upload() {
    local tries=0
    until curl --silent --show-error --fail --ftp-create-dirs \
            --user "$FTP_USER:$FTP_PASS" -T "$BUNDLE" \
            "ftp://$FTP_HOST/$FTP_DIR/"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && die "upload failed after $tries attempts"
        log "upload failed, retrying in 30s"
        sleep 30
    done
    log "uploaded to ftp://$FTP_HOST/$FTP_DIR/"
}

tidy() {
    find "$STAGE" -maxdepth 1 -name 'bar_*.tar.gz' -mtime +"$KEEP_DAYS" -delete
    rm -rf "${STAGE:?}/$DAY"
}

main() {
    [[ -r "$TILL_DB" ]] || die "till database $TILL_DB not readable"
    command -v sqlite3 >/dev/null || die "sqlite3 not installed"
    [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date '$DAY'"
    log "exporting $DAY from $TILL_DB"
    export_day
    write_manifest
    bundle
    upload
    tidy
    log "done"
}

main "$@"
