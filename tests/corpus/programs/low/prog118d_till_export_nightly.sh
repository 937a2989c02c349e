#!/usr/bin/env bash
# till_export_nightly.sh - export the day's till takings for the accountant
#
# Pulls the day's sales from the till database (till.db, SQLite, as written
# by the counter software) and writes:
#   exports/takings-YYYY-MM-DD.csv   one row per sale
#   exports/zreport-YYYY-MM-DD.txt   totals by tender and by department
#
# Run it from the "Close day" shortcut on the counter PC after cashing up.
#
# Usage: ./till_export_nightly.sh [YYYY-MM-DD]

set -euo pipefail

TILL_DB="${TILL_DB:-./till.db}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
DAY="${1:-$(date +%F)}"

err() { echo "till-export: $*" >&2; }

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { err "bad date '$DAY'"; exit 2; }
command -v sqlite3 >/dev/null || { err "sqlite3 is required"; exit 1; }
[[ -r "$TILL_DB" ]] || { err "cannot read $TILL_DB"; exit 1; }

mkdir -p "$EXPORT_DIR"

export_sales() {
    local out="${EXPORT_DIR}/takings-${DAY}.csv"
    sqlite3 -header -csv "$TILL_DB" <<'SQL' | awk -F',' -v day="$DAY" 'NR == 1 || index($2, day) == 1' > "$out"
SELECT s.id AS sale_id, s.ts, s.ticket_no, d.name AS department,
       printf('%.2f', s.amount_pence / 100.0) AS amount,
       s.tender, s.operator
FROM sales s JOIN departments d ON d.id = s.department_id
WHERE s.ts >= date('now', '-40 days')
ORDER BY s.ts;
SQL
    echo "$out"
}

z_report() {
    local csv=$1 out="${EXPORT_DIR}/zreport-${DAY}.txt"
    {
        echo "Z REPORT ${DAY}"
        echo "----------------------------"
        awk -F',' 'NR>1 {gsub(/"/,""); t[$6]+=$5; n++; g+=$5}
                   END {for (k in t) printf "%-12s %10.2f\n", k, t[k];
                        printf "----------------------------\n%-12s %10.2f\n%-12s %10d\n", "TOTAL", g, "SALES", n}' "$csv"
        echo
        echo "By department:"
        awk -F',' 'NR>1 {gsub(/"/,""); t[$4]+=$5} END {for (k in t) printf "  %-16s %8.2f\n", k, t[k]}' "$csv" | sort
    } > "$out"
    echo "$out"
}

prune_old() {
    # keep one quarter of exports locally; the accountant has the rest
    find "$EXPORT_DIR" -maxdepth 1 -type f \( -name 'takings-*.csv' -o -name 'zreport-*.txt' \) \
        -mtime +92 -delete
}

main() {
    local csv rows
    csv=$(export_sales)
    rows=$(( $(wc -l < "$csv") - 1 ))
    if (( rows <= 0 )); then
        err "no sales recorded for ${DAY}"
    fi
    z_report "$csv" >/dev/null
    prune_old
    echo "exported ${rows} sale(s) for ${DAY} to ${EXPORT_DIR}"
}

main
