#!/usr/bin/env bash
# notary_journal_report.sh - export the electronic notary journal for the
# quarterly submission to the commissioning authority.
#
# Reads journal entries for the requested quarter from the local SQLite
# journal, writes a CSV in the authority's column order, zips it together
# with the signer thumbprint images and leaves the bundle in ./exports.
#
# Usage: notary_journal_report.sh -q 2025Q2 [-d journal.db] [-o exports]

set -euo pipefail

DB="${NOTARY_JOURNAL_DB:-$HOME/.local/share/enotary/journal.db}"
OUT="./exports"
QUARTER=""
STAGE="/tmp/notary_journal_export"

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }
log()   { printf '[journal-report] %s\n' "$*" >&2; }

while getopts ":q:d:o:h" opt; do
    case "$opt" in
        q) QUARTER="$OPTARG" ;;
        d) DB="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 64 ;;
    esac
done

[[ "$QUARTER" =~ ^([0-9]{4})Q([1-4])$ ]] || { log "quarter must look like 2025Q2"; usage 64; }
year="${BASH_REMATCH[1]}"; q="${BASH_REMATCH[2]}"
start_month=$(( (q - 1) * 3 + 1 ))
start=$(printf '%s-%02d-01' "$year" "$start_month")
end=$(date -d "$start +3 months" +%F)

[[ -f "$DB" ]] || { log "journal database not found: $DB"; exit 66; }
command -v sqlite3 >/dev/null || { log "sqlite3 is required"; exit 69; }
command -v zip >/dev/null || { log "zip is required"; exit 69; }

mkdir -p "$OUT"
rm -rf "$STAGE"
mkdir -p "$STAGE"
trap 'rm -rf "$STAGE"' EXIT

csv="$STAGE/journal_${QUARTER}.csv"
log "exporting entries from $start to $end"
sqlite3 -header -csv "$DB" <<SQL > "$csv"
SELECT entry_no, performed_at, act_type, document_title,
       signer_name, id_type, id_last4, fee_charged, notes
FROM journal
WHERE performed_at >= '$start' AND performed_at < '$end'
ORDER BY entry_no;
SQL

count=$(( $(wc -l < "$csv") - 1 ))
log "$count entr(y/ies) exported"

thumbs="$(dirname "$DB")/thumbprints"
if [[ -d "$thumbs" ]]; then
    mkdir -p "$STAGE/thumbprints"
    sqlite3 "$DB" "SELECT thumb_file FROM journal WHERE performed_at >= '$start' AND performed_at < '$end' AND thumb_file IS NOT NULL;" |
    while read -r f; do
        [[ -f "$thumbs/$f" ]] && cp "$thumbs/$f" "$STAGE/thumbprints/"
    done
fi

bundle="$OUT/notary_journal_${QUARTER}.zip"
( cd "$STAGE" && zip -qr - . ) > "$bundle"
sha256sum "$bundle" > "$bundle.sha256"
log "bundle written to $bundle"

# summary by act type for the covering letter
log "entries by act type:"
tail -n +2 "$csv" | cut -d, -f3 | sort | uniq -c | sort -rn | while read -r n act; do
    printf '    %-28s %4d\n' "$act" "$n" >&2
done
log "done"
