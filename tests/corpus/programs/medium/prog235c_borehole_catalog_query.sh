#!/usr/bin/env bash
# borehole_catalog_query.sh - load the borehole register CSV into a local
# SQLite catalog and answer quick questions from the map server team:
# boreholes in a project, deeper than N metres, drilled by a contractor.
set -euo pipefail

DB="./borehole_catalog.sqlite"
CSV="./register/boreholes.csv"
PROJECT=""
MIN_DEPTH=0
CONTRACTOR=""
FORMAT="table"
RELOAD=0

log() { echo "catalog: $*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 [-p project] [-d min_depth_m] [-c contractor] [-f table|csv] [-r]
  -r   reload the catalog from $CSV first
EOF
    exit 2
}

while getopts ":p:d:c:f:rh" opt; do
    case "$opt" in
        p) PROJECT="$OPTARG" ;;
        d) MIN_DEPTH="$OPTARG" ;;
        c) CONTRACTOR="$OPTARG" ;;
        f) FORMAT="$OPTARG" ;;
        r) RELOAD=1 ;;
        *) usage ;;
    esac
done

load_catalog() {
    [[ -f "$CSV" ]] || { log "register $CSV not found"; exit 1; }
    DB="$DB" CSV="$CSV" python3 - <<'PY'
import csv, os, sqlite3
con = sqlite3.connect(os.environ["DB"])
con.execute("DROP TABLE IF EXISTS boreholes")
con.execute("""CREATE TABLE boreholes(
    bh_id TEXT PRIMARY KEY, project TEXT, contractor TEXT,
    easting REAL, northing REAL, depth_m REAL, drilled TEXT)""")
n = 0
with open(os.environ["CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        con.execute("INSERT OR REPLACE INTO boreholes VALUES (?,?,?,?,?,?,?)",
                    (row["bh_id"], row["project"], row["contractor"],
                     float(row["easting"]), float(row["northing"]),
                     float(row["depth_m"] or 0), row["drilled"]))
        n += 1
con.commit()
print(n)
PY
}

run_query() {
    DB="$DB" BH_PROJECT="$PROJECT" BH_MIN_DEPTH="$MIN_DEPTH" \
    BH_CONTRACTOR="$CONTRACTOR" BH_FORMAT="$FORMAT" python3 - <<'PY'
import os, sqlite3, sys
con = sqlite3.connect(os.environ["DB"])
where = [f"depth_m >= {os.environ['BH_MIN_DEPTH']}"]
if os.environ["BH_PROJECT"]:
    where.append(f"project = '{os.environ['BH_PROJECT']}'")
if os.environ["BH_CONTRACTOR"]:
    where.append(f"contractor LIKE '%{os.environ['BH_CONTRACTOR']}%'")
sql = ("SELECT bh_id, project, contractor, depth_m, drilled FROM boreholes WHERE "
       + " AND ".join(where) + " ORDER BY depth_m DESC")
try:
    rows = con.execute(sql).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)
if os.environ["BH_FORMAT"] == "csv":
    print("bh_id,project,contractor,depth_m,drilled")
    for r in rows:
        print(",".join(str(v) for v in r))
else:
    print(f"{'BH_ID':<12}{'PROJECT':<14}{'CONTRACTOR':<22}{'DEPTH':>8}  DRILLED")
    for r in rows:
        print(f"{r[0]:<12}{r[1]:<14}{r[2]:<22}{r[3]:>8.1f}  {r[4]}")
print(f"{len(rows)} boreholes", file=sys.stderr)
PY
}

main() {
    if (( RELOAD )) || [[ ! -f "$DB" ]]; then
        log "loaded $(load_catalog) boreholes into $DB"
    fi
    case "$FORMAT" in
        table|csv) ;;
        *) log "unknown format $FORMAT"; exit 2 ;;
    esac
    run_query
}

main
