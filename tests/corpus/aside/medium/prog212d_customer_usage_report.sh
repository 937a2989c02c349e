#!/usr/bin/env bash
# customer_usage_report.sh - monthly usage report for one subscriber, pulled
# from the RADIUS accounting rollup database (./usage.db, SQLite).
#
# Usage: customer_usage_report.sh -a ACCOUNT [-m YYYY-MM] [-d DB] [-o DIR]
set -euo pipefail

ACCOUNT=""
MONTH="$(date +%Y-%m)"
DB="./usage.db"
OUT_DIR="./reports"

usage() { sed -n '2,5p' "$0"; exit 2; }

while getopts ":a:m:d:o:h" opt; do
  case "$opt" in
    a) ACCOUNT="$OPTARG" ;;
    m) MONTH="$OPTARG" ;;
    d) DB="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    *) usage ;;
  esac
done

[[ -n "$ACCOUNT" ]] || usage
[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { echo "month must be YYYY-MM" >&2; exit 2; }
[[ -r "$DB" ]] || { echo "database $DB not found" >&2; exit 2; }
mkdir -p "$OUT_DIR"

OUT="$OUT_DIR/usage-${ACCOUNT//[^A-Za-z0-9_-]/_}-$MONTH.csv"
export ACCOUNT MONTH DB OUT

SUMMARY="$(python3 - <<'PY'
import csv, os, sqlite3, sys

acct, month, db, out = (os.environ[k] for k in ("ACCOUNT", "MONTH", "DB", "OUT"))
conn = sqlite3.connect(db)
cur = conn.cursor()

plan_sql = f"SELECT plan_name, cap_gb FROM subscribers WHERE account_id = '{acct}'"
row = cur.execute(plan_sql).fetchone()
if not row:
    sys.exit(f"no subscriber {acct}")
plan, cap_gb = row

usage_sql = (
    "SELECT day, SUM(octets_in), SUM(octets_out), COUNT(DISTINCT session_id) "
    "FROM acct_daily "
    f"WHERE account_id = '{acct}' AND substr(day, 1, 7) = '{month}' "
    "GROUP BY day ORDER BY day"
)
rows = cur.execute(usage_sql).fetchall()
conn.close()

total = 0
with open(out, "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["day", "download_mb", "upload_mb", "sessions"])
    for day, o_in, o_out, sessions in rows:
        down, up = (o_out or 0) / 1e6, (o_in or 0) / 1e6
        total += down + up
        w.writerow([day, f"{down:.1f}", f"{up:.1f}", sessions])

pct = (total / 1000) / cap_gb * 100 if cap_gb else 0
print(f"{plan}|{total/1000:.2f}|{cap_gb}|{pct:.0f}|{len(rows)}")
PY
)" || { echo "report failed" >&2; exit 1; }

IFS='|' read -r PLAN USED_GB CAP_GB PCT DAYS <<< "$SUMMARY"

echo "Account:  $ACCOUNT"
echo "Month:    $MONTH ($DAYS days with traffic)"
echo "Plan:     $PLAN (cap ${CAP_GB} GB)"
echo "Used:     ${USED_GB} GB (${PCT}%)"
if (( PCT >= 90 )); then
  echo "NOTE: subscriber is at or near their cap"
fi
echo "Detail:   $OUT"
