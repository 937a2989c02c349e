#!/usr/bin/env bash
# interval_import.sh - import 15-minute interval files from the meter
# head-end drop folder into the cooperative's readings database.
#
# Each run merges the new files into one batch, writes the import step as a
# small python script and runs it against the batch.
#
#   interval_import.sh [-d dropdir] [-b database]
set -uo pipefail

DROP="./dropbox"
DB="./readings.sqlite3"
BATCH="/tmp/coop_interval_batch.csv"
IMPORTER="/tmp/coop_interval_import.py"
LOCK="/tmp/coop_interval_import.lock"
DONE="./dropbox/imported"

log() { echo "$(date '+%F %T') [import] $*" >&2; }

while getopts ":d:b:h" opt; do
    case "$opt" in
        d) DROP="$OPTARG"; DONE="$OPTARG/imported" ;;
        b) DB="$OPTARG" ;;
        h) echo "usage: $0 [-d dropdir] [-b database]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

if [[ -e "$LOCK" ]]; then
    log "another import is running (lock $LOCK)"
    exit 0
fi
echo $$ > "$LOCK"
trap 'rm -f "$LOCK"' EXIT

mkdir -p "$DONE"
: > "$BATCH"
files=()
for f in "$DROP"/*.csv; do
    [[ -f "$f" ]] || continue
    # skip the header line of each file, keep meter,timestamp,kwh
    tail -n +2 "$f" >> "$BATCH"
    files+=("$f")
done

if (( ${#files[@]} == 0 )); then
    log "no new interval files"
    exit 0
fi
log "merged ${#files[@]} files, $(wc -l < "$BATCH") rows"

cat > "$IMPORTER" <<'PY'
import csv, os, sqlite3, sys
db = sqlite3.connect(os.environ["IMPORT_DB"])
db.execute("""CREATE TABLE IF NOT EXISTS intervals (
    meter TEXT, ts TEXT, kwh REAL, PRIMARY KEY (meter, ts))""")
good = bad = 0
with open(os.environ["IMPORT_BATCH"], newline="") as fh:
    for row in csv.reader(fh):
        if len(row) < 3:
            bad += 1
            continue
        try:
            kwh = float(row[2])
        except ValueError:
            bad += 1
            continue
        db.execute("INSERT OR REPLACE INTO intervals VALUES (?, ?, ?)",
                   (row[0].strip(), row[1].strip(), kwh))
        good += 1
db.commit()
print(f"{good} {bad}")
PY

if ! counts="$(IMPORT_DB="$DB" IMPORT_BATCH="$BATCH" python3 "$IMPORTER")"; then
    log "import step failed; files left in $DROP"
    exit 1
fi
read -r good bad <<< "$counts"
log "imported $good rows, rejected $bad"

for f in "${files[@]}"; do
    mv -- "$f" "$DONE/"
done
log "moved ${#files[@]} files to $DONE"
