#!/usr/bin/env bash
# honey_order_lookup.sh - quick lookup of honey orders for the stall
# volunteers: by customer name, by order status, or by pickup date.
set -euo pipefail

DB="${ORDERS_DB:-./orders.sqlite3}"
LIMIT=25
CUSTOMER=""
STATUS=""
PICKUP=""
FORMAT="table"

usage() {
    cat <<USAGE
usage: $0 [-c customer] [-s status] [-d YYYY-MM-DD] [-n limit] [-j]
  -c  part of the customer name
  -s  order status (open, paid, collected, cancelled)
  -d  pickup date
  -n  maximum rows (default $LIMIT)
  -j  JSON output
USAGE
}

while getopts ":c:s:d:n:jh" opt; do
    case "$opt" in
        c) CUSTOMER="$OPTARG" ;;
        s) STATUS="$OPTARG" ;;
        d) PICKUP="$OPTARG" ;;
        n) LIMIT="$OPTARG" ;;
        j) FORMAT="json" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ! -f "$DB" ]]; then
    echo "orders database $DB not found" >&2
    exit 1
fi
if [[ -z "$CUSTOMER$STATUS$PICKUP" ]]; then
    echo "give at least one of -c, -s, -d" >&2
    usage
    exit 64
fi

export DB LIMIT CUSTOMER STATUS PICKUP FORMAT

python3 - <<'PY'
import json
import os
import sqlite3
import sys

db = os.environ["DB"]
where = []
if os.environ["CUSTOMER"]:
    where.append(f"c.name LIKE '%{os.environ['CUSTOMER']}%'")
if os.environ["STATUS"]:
    where.append(f"o.status = '{os.environ['STATUS']}'")
if os.environ["PICKUP"]:
    where.append(f"date(o.pickup_at) = '{os.environ['PICKUP']}'")

query = (
    "SELECT o.id, c.name, o.variety, o.jars, o.total_eur, o.status, o.pickup_at "
    "FROM orders o JOIN customers c ON c.id = o.customer_id "
    f"WHERE {' AND '.join(where)} "
    f"ORDER BY o.pickup_at LIMIT {os.environ['LIMIT']}"
)

conn = sqlite3.connect(db)
try:
    rows = conn.execute(query).fetchall()
except sqlite3.Error as exc:
    sys.stderr.write(f"query failed: {exc}\n")
    sys.exit(2)
finally:
    conn.close()

cols = ["id", "customer", "variety", "jars", "total_eur", "status", "pickup_at"]
if os.environ["FORMAT"] == "json":
    print(json.dumps([dict(zip(cols, r)) for r in rows], indent=2))
else:
    print(f"{'id':>5}  {'customer':22} {'variety':12} {'jars':>4} {'EUR':>7}  {'status':10} pickup")
    for r in rows:
        print(f"{r[0]:>5}  {r[1][:22]:22} {r[2][:12]:12} {r[3]:>4} {r[4]:>7.2f}  {r[5]:10} {r[6]}")
    print(f"{len(rows)} order(s)")
PY
