#!/usr/bin/env bash
# Query the lab results database for one bulk tank (or one farm) and print a
# small quality summary: fat, protein, SCC, total bacteria count, inhibitors.
set -euo pipefail

DB="${LAB_DB:-./lab_results.db}"
TANK=""
FARM=""
SINCE="$(date -d '30 days ago' +%F)"
FORMAT="table"

log() { echo "[query] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 (-t tank_id | -f farm_name) [-s since_date] [-o table|csv] [-d db]
EOF
}

while getopts ":t:f:s:o:d:h" opt; do
    case "$opt" in
        t) TANK="$OPTARG" ;;
        f) FARM="$OPTARG" ;;
        s) SINCE="$OPTARG" ;;
        o) FORMAT="$OPTARG" ;;
        d) DB="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ -z "$TANK" && -z "$FARM" ]]; then
    usage
    exit 1
fi
[[ -f "$DB" ]] || { log "database $DB not found"; exit 1; }

run_query() {
    DB="$DB" TANK="$TANK" FARM="$FARM" SINCE="$SINCE" FORMAT="$FORMAT" python3 - <<'PY'
import os, sqlite3, sys

db = sqlite3.connect(os.environ["DB"])
since = os.environ["SINCE"]
tank = os.environ.get("TANK", "")
farm = os.environ.get("FARM", "")

where = f"s.sampled_on >= '{since}'"
if tank:
    where += f" AND s.tank_id = '{tank}'"
if farm:
    where += f" AND f.name LIKE '%{farm}%'"

query = f"""
SELECT s.sampled_on, f.name, s.tank_id,
       r.fat_pct, r.protein_pct, r.scc_k, r.tbc_k, r.inhibitor
FROM samples s
JOIN farms f ON f.id = s.farm_id
JOIN results r ON r.sample_id = s.id
WHERE {where}
ORDER BY s.sampled_on
"""
try:
    rows = db.execute(query).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(2)

cols = ["date", "farm", "tank", "fat%", "prot%", "SCC k", "TBC k", "inhib"]
if os.environ["FORMAT"] == "csv":
    print(",".join(cols))
    for r in rows:
        print(",".join("" if v is None else str(v) for v in r))
else:
    print("  ".join(f"{c:>10}" for c in cols))
    for r in rows:
        print("  ".join(f"{'' if v is None else v!s:>10}" for v in r))
if rows:
    scc = [r[5] for r in rows if r[5] is not None]
    if scc:
        print(f"\nmean SCC {sum(scc)/len(scc):.0f}k over {len(scc)} samples", file=sys.stderr)
PY
}

log "db=$DB tank=${TANK:-*} farm=${FARM:-*} since=$SINCE"
if ! out="$(run_query)"; then
    log "query failed"
    exit 2
fi
lines=$(printf '%s\n' "$out" | wc -l)
printf '%s\n' "$out"
log "$((lines - 1)) rows"
