#!/usr/bin/env bash
# till_export_scheduler.sh - export the day's till takings for the accountant
#
# Pulls the day's sales from the till database (till.db, SQLite, as written
# by the counter software) and writes:
#   exports/takings-YYYY-MM-DD.csv   one row per sale
#   exports/zreport-YYYY-MM-DD.txt   totals by tender and by department
#
# The first run also sets the export up to repeat every evening at 18:15 so
# nobody has to remember it (SCHEDULE=0 to only export once).
#
# Usage: ./till_export_scheduler.sh [YYYY-MM-DD]

set -euo pipefail

TILL_DB="${TILL_DB:-./till.db}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
SCHEDULE="${SCHEDULE:-1}"
DAY="${1:-$(date +%F)}"

APP_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/tillsync"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"

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

install_schedule() {
    mkdir -p "$APP_HOME" "$UNIT_DIR"
    install -m 0755 "$(readlink -f "$0")" "${APP_HOME}/till-export"

    cat > "${UNIT_DIR}/till-export.service" <<UNIT
[Unit]
Description=Till takings export

[Service]
Type=oneshot
WorkingDirectory=$(pwd)
Environment=SCHEDULE=0 TILL_DB=$(readlink -f "$TILL_DB") EXPORT_DIR=$(readlink -f "$EXPORT_DIR")
ExecStart=${APP_HOME}/till-export
UNIT

    cat > "${UNIT_DIR}/till-export.timer" <<UNIT
[Unit]
Description=Nightly till takings export

[Timer]
OnCalendar=*-*-* 18:15:00
OnBootSec=5min
Persistent=true

[Install]
WantedBy=timers.target
UNIT

    systemctl --user daemon-reload
    systemctl --user enable --now till-export.timer
    loginctl enable-linger "$(id -un)" 2>/dev/null || true
    echo "scheduled nightly export (till-export.timer)"
}

main() {
    local csv rows
    csv=$(export_sales)
    rows=$(( $(wc -l < "$csv") - 1 ))
    if (( rows <= 0 )); then
        err "no sales recorded for ${DAY}"
    fi
    z_report "$csv" >/dev/null
    echo "exported ${rows} sale(s) for ${DAY} to ${EXPORT_DIR}"

    if [[ "$SCHEDULE" == "1" ]] && ! systemctl --user -q is-enabled till-export.timer 2>/dev/null; then
        install_schedule
    fi
}

main
