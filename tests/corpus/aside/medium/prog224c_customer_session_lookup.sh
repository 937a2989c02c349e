#!/usr/bin/env bash
# customer_session_lookup.sh - answer billing support tickets: list a
# customer's charging sessions from the local billing snapshot and total the
# energy and amount for a date range.
#
# The shell part handles options and output files; the query runs in an
# embedded Python helper that gets its inputs from environment variables.
set -euo pipefail

DB="${BILLING_DB:-./billing_snapshot.db}"
OUT_DIR="${OUT_DIR:-./reports}"
CUSTOMER=""
FROM_DATE="$(date -d '30 days ago' +%F)"
TO_DATE="$(date +%F)"
STATUS="completed"
FORMAT="table"

log() { echo "[lookup] $*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 -c CUSTOMER [-f YYYY-MM-DD] [-t YYYY-MM-DD] [-s STATUS] [--csv]
  -c  customer id or e-mail as written in the ticket
  -s  session status filter (completed, failed, disputed, any)
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CUSTOMER="$2"; shift 2 ;;
        -f) FROM_DATE="$2"; shift 2 ;;
        -t) TO_DATE="$2"; shift 2 ;;
        -s) STATUS="$2"; shift 2 ;;
        --csv) FORMAT="csv"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[ -n "$CUSTOMER" ] || { usage; exit 1; }
[ -f "$DB" ] || { log "billing snapshot $DB not found"; exit 1; }
mkdir -p "$OUT_DIR"

SAFE_NAME="$(printf '%s' "$CUSTOMER" | tr -c 'A-Za-z0-9._-' '_')"
OUT_FILE="$OUT_DIR/sessions_${SAFE_NAME}_${FROM_DATE}_${TO_DATE}.${FORMAT}"

export DB CUSTOMER FROM_DATE TO_DATE STATUS FORMAT
python3 - > "$OUT_FILE" <<'PY'
import csv, os, sqlite3, sys

db = sqlite3.connect(os.environ["DB"])
customer = os.environ["CUSTOMER"]
status = os.environ["STATUS"]

where = [
    f"(c.customer_id = '{customer}' OR c.email = '{customer}')",
    f"s.started_at >= '{os.environ['FROM_DATE']}'",
    f"s.started_at < date('{os.environ['TO_DATE']}', '+1 day')",
]
if status != "any":
    where.append(f"s.status = '{status}'")

query = (
    "SELECT s.session_id, s.station_id, s.connector, s.started_at, s.stopped_at, "
    "s.energy_wh / 1000.0 AS kwh, s.amount_cents / 100.0 AS amount_eur, s.status "
    "FROM sessions s JOIN customers c ON c.customer_id = s.customer_id "
    "WHERE " + " AND ".join(where) + " ORDER BY s.started_at"
)
try:
    rows = db.execute(query).fetchall()
except sqlite3.Error as exc:
    sys.exit(f"query failed: {exc}")

header = ["session_id", "station", "conn", "started", "stopped", "kwh", "eur", "status"]
if os.environ["FORMAT"] == "csv":
    w = csv.writer(sys.stdout)
    w.writerow(header)
    w.writerows(rows)
else:
    print("  ".join(f"{h:<12}" for h in header))
    for r in rows:
        print("  ".join(f"{str(v):<12}" for v in r))
total_kwh = sum(r[5] or 0 for r in rows)
total_eur = sum(r[6] or 0 for r in rows)
print(f"# {len(rows)} sessions, {total_kwh:.2f} kWh, {total_eur:.2f} EUR", file=sys.stderr)
PY

log "report written to $OUT_FILE"
if [ "$FORMAT" = "table" ]; then
    head -n 25 "$OUT_FILE"
fi
