#!/usr/bin/env bash
# crew_qual_lookup.sh - look up crew qualifications (type ratings, route
# quals, recurrent due dates) in the local qualification database so a
# scheduler can check a swap request quickly.
set -euo pipefail

DB="${QUAL_DB:-./crew_quals.db}"
CREW_ID=""
BASE=""
FLEET=""
FORMAT="table"

usage() {
    cat <<EOF
usage: $0 [-c crew_id] [-b base] [-f fleet] [-o table|csv] [-d db]
  at least one of -c, -b or -f is required
EOF
}

while getopts ":c:b:f:o:d:h" opt; do
    case "$opt" in
        c) CREW_ID="$OPTARG" ;;
        b) BASE="$OPTARG" ;;
        f) FLEET="$OPTARG" ;;
        o) FORMAT="$OPTARG" ;;
        d) DB="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$CREW_ID$BASE$FLEET" ]]; then
    usage; exit 2
fi
if [[ ! -f "$DB" ]]; then
    echo "qualification database $DB not found" >&2
    exit 1
fi

OUT="$(mktemp /tmp/qual_lookup.XXXXXX)"
trap 'rm -f "$OUT"' EXIT

export Q_DB="$DB" Q_CREW="$CREW_ID" Q_BASE="$BASE" Q_FLEET="$FLEET" Q_OUT="$OUT"

python3 - <<'PY'
import csv, os, sqlite3, sys, datetime

conn = sqlite3.connect(os.environ["Q_DB"])
where = []
if os.environ["Q_CREW"]:
    where.append(f"c.crew_id = '{os.environ['Q_CREW']}'")
if os.environ["Q_BASE"]:
    where.append(f"c.base = '{os.environ['Q_BASE']}'")
if os.environ["Q_FLEET"]:
    where.append(f"q.fleet = '{os.environ['Q_FLEET']}'")

sql = (
    "SELECT c.crew_id, c.name, c.rank, c.base, q.fleet, q.qual, q.valid_to "
    "FROM crew c JOIN quals q ON q.crew_id = c.crew_id "
    f"WHERE {' AND '.join(where)} ORDER BY c.crew_id, q.valid_to"
)
try:
    rows = conn.execute(sql).fetchall()
except sqlite3.Error as exc:
    sys.exit(f"query failed: {exc}")

today = datetime.date.today().isoformat()
with open(os.environ["Q_OUT"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["crew_id", "name", "rank", "base", "fleet", "qual", "valid_to", "status"])
    for r in rows:
        status = "EXPIRED" if r[6] and r[6] < today else "ok"
        w.writerow(list(r) + [status])
print(len(rows), file=sys.stderr)
PY

case "$FORMAT" in
    csv) cat "$OUT" ;;
    table) column -s, -t < "$OUT" ;;
    *) echo "unknown format $FORMAT" >&2; exit 2 ;;
esac

expired=$(grep -c ',EXPIRED$' "$OUT" || true)
if (( expired > 0 )); then
    echo "warning: $expired expired qualification(s)" >&2
fi
