#!/usr/bin/env bash
# order_lookup.sh - counter staff helper: look up orders in the branch
# order-intake database by order number, customer name or status, and
# optionally mark an order as collected.
set -uo pipefail

DB="${ORDER_DB:-./orders.db}"
MODE=""
VALUE=""
LIMIT=25

usage() {
    cat <<EOF
usage: $0 -o ORDER_NO | -c "CUSTOMER NAME" | -s STATUS | -m ORDER_NO [-l limit]
  -o  show one order by number
  -c  search orders by customer name (substring)
  -s  list orders with a status (new, proofing, printing, ready, collected)
  -m  mark order as collected
EOF
}

while getopts ":o:c:s:m:l:h" opt; do
    case "$opt" in
        o) MODE=order; VALUE="$OPTARG" ;;
        c) MODE=customer; VALUE="$OPTARG" ;;
        s) MODE=status; VALUE="$OPTARG" ;;
        m) MODE=collect; VALUE="$OPTARG" ;;
        l) LIMIT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ -z "$MODE" ]]; then
    usage
    exit 1
fi
if [[ ! -f "$DB" ]]; then
    echo "order database $DB not found" >&2
    exit 1
fi
if ! [[ "$LIMIT" =~ ^[0-9]+$ ]]; then
    echo "limit must be a number" >&2
    exit 1
fi

# Everything the query needs goes to Python through the environment.
LOOKUP_DB="$DB" LOOKUP_MODE="$MODE" LOOKUP_VALUE="$VALUE" LOOKUP_LIMIT="$LIMIT" \
python3 - <<'PY'
import os, sqlite3, sys
from datetime import datetime

db = os.environ["LOOKUP_DB"]
mode = os.environ["LOOKUP_MODE"]
value = os.environ["LOOKUP_VALUE"]
limit = int(os.environ["LOOKUP_LIMIT"])

base = ("SELECT order_no, customer_name, product, quantity, status, due_date "
        "FROM orders ")
if mode == "order":
    sql = base + f"WHERE order_no = '{value}'"
elif mode == "customer":
    sql = base + f"WHERE customer_name LIKE '%{value}%' ORDER BY due_date LIMIT {limit}"
elif mode == "status":
    sql = base + f"WHERE status = '{value}' ORDER BY due_date LIMIT {limit}"
elif mode == "collect":
    sql = (f"UPDATE orders SET status = 'collected', "
           f"collected_at = '{datetime.now():%Y-%m-%d %H:%M}' "
           f"WHERE order_no = '{value}' AND status = 'ready'")
else:
    sys.exit(f"unknown mode {mode}")

try:
    con = sqlite3.connect(db)
    cur = con.execute(sql)
    if mode == "collect":
        con.commit()
        if cur.rowcount:
            print(f"order {value} marked as collected")
        else:
            print(f"order {value} not found or not ready", file=sys.stderr)
            sys.exit(1)
    else:
        rows = cur.fetchall()
        if not rows:
            print("no matching orders")
        for r in rows:
            print("{:<10} {:<28} {:<18} {:>6}  {:<10} {}".format(*r))
    con.close()
except sqlite3.Error as exc:
    sys.exit(f"database error: {exc}")
PY
rc=$?
[[ $rc -eq 0 ]] || echo "lookup failed (exit $rc)" >&2
exit "$rc"
