#!/usr/bin/env bash
# Load soil moisture probe exports into the vineyard SQLite database and
# print a per-block summary.  The probe export is staged in /tmp first so
# the gateway's watcher doesn't pick up a half-copied file.
set -euo pipefail

DB="${DB:-./vineyard.sqlite}"
STAGE="/tmp/moisture_stage.csv"
BLOCK_FILTER="${BLOCK_FILTER:-}"

log() { echo "moisture-load: $*" >&2; }

usage() {
  echo "usage: $0 -i export.csv [-d db] [-b block]"
}

INPUT=""
while getopts ":i:d:b:h" opt; do
  case "$opt" in
    i) INPUT="$OPTARG" ;;
    d) DB="$OPTARG" ;;
    b) BLOCK_FILTER="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

if [[ -z "$INPUT" || ! -f "$INPUT" ]]; then
  usage
  exit 2
fi

# Strip the probe's banner lines and CRs before loading.
grep -v '^#' "$INPUT" | tr -d '\r' > "$STAGE"
log "staged $(wc -l < "$STAGE") lines in $STAGE"

export DB STAGE BLOCK_FILTER
python3 - <<'PYEOF'
import csv
import logging
import os
import sqlite3
import sys

logging.basicConfig(level=logging.INFO, format="loader: %(message)s")
db = sqlite3.connect(os.environ["DB"])
cur = db.cursor()
cur.execute("""CREATE TABLE IF NOT EXISTS moisture (
    ts TEXT, block TEXT, probe TEXT, depth_cm INTEGER, vwc REAL)""")

loaded = skipped = 0
with open(os.environ["STAGE"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            vwc = float(row["vwc"])
            depth = int(row["depth_cm"])
        except (KeyError, ValueError):
            skipped += 1
            continue
        sql = ("INSERT INTO moisture VALUES ('%s', '%s', '%s', %d, %f)"
               % (row["timestamp"], row["block"], row["probe"], depth, vwc))
        cur.execute(sql)
        loaded += 1
db.commit()
logging.info("loaded %d rows, skipped %d", loaded, skipped)

block = os.environ.get("BLOCK_FILTER", "")
query = "SELECT block, depth_cm, ROUND(AVG(vwc), 3), COUNT(*) FROM moisture"
if block:
    query += " WHERE block = '%s'" % block
query += " GROUP BY block, depth_cm ORDER BY block, depth_cm"
print(f"{'block':<12}{'depth':>6}{'avg vwc':>10}{'n':>8}")
for b, d, avg, n in cur.execute(query):
    print(f"{b:<12}{d:>6}{avg:>10}{n:>8}")
db.close()
sys.exit(0 if loaded else 1)
PYEOF

rm -f "$STAGE"
log "done"
