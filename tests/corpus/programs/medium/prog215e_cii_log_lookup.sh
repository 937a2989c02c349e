#!/usr/bin/env bash
# Controlled-substance (C-II) dispensing log lookup.
# Searches the station's local dispensing log database by Rx number,
# patient last name or NDC and prints matching fills. The query is run
# by an embedded python step; search terms are passed via environment.
#
# Usage: prog215e_cii_log_lookup.sh [-d db] [-r rx] [-p last_name] [-n ndc] [-f from] [-t to] [-c]
set -euo pipefail

DB="./cii_dispense_log.sqlite"
RX=""
PATIENT=""
NDC=""
FROM_DATE=""
TO_DATE=""
CSV=0

log() { echo "[cii-lookup] $*" >&2; }

usage() {
    echo "usage: $0 [-d db] [-r rx] [-p last_name] [-n ndc] [-f YYYY-MM-DD] [-t YYYY-MM-DD] [-c]" >&2
    exit 2
}

while getopts ":d:r:p:n:f:t:ch" opt; do
    case "$opt" in
        d) DB="$OPTARG" ;;
        r) RX="$OPTARG" ;;
        p) PATIENT="$OPTARG" ;;
        n) NDC="$OPTARG" ;;
        f) FROM_DATE="$OPTARG" ;;
        t) TO_DATE="$OPTARG" ;;
        c) CSV=1 ;;
        *) usage ;;
    esac
done

if [[ -z "$RX$PATIENT$NDC" ]]; then
    log "give at least one of -r, -p, -n"
    usage
fi
if [[ ! -f "$DB" ]]; then
    log "database $DB not found"
    exit 1
fi

out="$(mktemp)"
trap 'rm -f "$out"' EXIT

LOOKUP_DB="$DB" LOOKUP_RX="$RX" LOOKUP_PATIENT="$PATIENT" LOOKUP_NDC="$NDC" \
LOOKUP_FROM="$FROM_DATE" LOOKUP_TO="$TO_DATE" LOOKUP_CSV="$CSV" \
python3 - >"$out" <<'PY'
import csv, os, sqlite3, sys

env = os.environ
conds = []
if env["LOOKUP_RX"]:
    conds.append(f"rx_number = '{env['LOOKUP_RX']}'")
if env["LOOKUP_PATIENT"]:
    conds.append(f"patient_last LIKE '{env['LOOKUP_PATIENT']}%'")
if env["LOOKUP_NDC"]:
    conds.append(f"ndc = '{env['LOOKUP_NDC']}'")
if env["LOOKUP_FROM"]:
    conds.append(f"fill_date >= '{env['LOOKUP_FROM']}'")
if env["LOOKUP_TO"]:
    conds.append(f"fill_date <= '{env['LOOKUP_TO']}'")

sql = ("SELECT fill_date, rx_number, patient_last, patient_first, ndc, drug, qty, "
       "pharmacist FROM dispense_log WHERE " + " AND ".join(conds) +
       " ORDER BY fill_date DESC LIMIT 500")

try:
    conn = sqlite3.connect(env["LOOKUP_DB"])
    rows = conn.execute(sql).fetchall()
except sqlite3.Error as exc:
    sys.stderr.write(f"query failed: {exc}\n")
    sys.exit(1)

header = ["date", "rx", "last", "first", "ndc", "drug", "qty", "rph"]
if env["LOOKUP_CSV"] == "1":
    w = csv.writer(sys.stdout)
    w.writerow(header)
    w.writerows(rows)
else:
    for r in rows:
        print(f"{r[0]}  Rx{r[1]:<10} {r[2]}, {r[3]:<14} {r[4]}  {r[5]:<28} qty {r[6]:>5}  {r[7]}")
sys.stderr.write(f"{len(rows)} fills\n")
PY

lines=$(wc -l <"$out")
if (( lines == 0 )); then
    log "no matching fills"
    exit 0
fi

if [[ -t 1 && "$lines" -gt 40 ]]; then
    less -S "$out"
else
    cat "$out"
fi
