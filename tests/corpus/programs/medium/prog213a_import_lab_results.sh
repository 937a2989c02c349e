#!/usr/bin/env bash
# Imports a results archive from the external reference lab.
# The lab emails a .tar.gz of CSV result files; reception saves it and runs
# this to unpack it and append the results to ./lab_results/master.csv.
set -euo pipefail

ARCHIVE="${1:-}"
STAGING="/tmp/labimport"
MASTER_DIR="./lab_results"
MASTER="$MASTER_DIR/master.csv"
LOG="./import_lab_results.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

if [[ -z "$ARCHIVE" || ! -f "$ARCHIVE" ]]; then
    echo "usage: $0 results.tar.gz" >&2
    exit 2
fi

case "$ARCHIVE" in
    *.tar.gz|*.tgz|*.tar) ;;
    *) log "unexpected archive type: $ARCHIVE"; exit 2 ;;
esac

prepare_staging() {
    rm -rf "$STAGING"
    mkdir -p "$STAGING"
    log "staging in $STAGING"
}

extract() {
    ARCHIVE_PATH="$ARCHIVE" DEST="$STAGING" python3 -c '
import os, sys, tarfile
path, dest = os.environ["ARCHIVE_PATH"], os.environ["DEST"]
try:
    with tarfile.open(path) as tf:
        names = tf.getnames()
        tf.extractall(dest)
except tarfile.TarError as exc:
    print("bad archive: %s" % exc, file=sys.stderr)
    sys.exit(1)
print(len(names))
'
}

merge_results() {
    mkdir -p "$MASTER_DIR"
    local files
    files=$(find "$STAGING" -type f -name '*.csv' | sort)
    if [[ -z "$files" ]]; then
        log "archive contained no CSV files"
        return 1
    fi
    RESULT_FILES="$files" MASTER="$MASTER" python3 - <<'PY'
import csv, os, sys

master = os.environ["MASTER"]
fields = ["accession", "patient_id", "test_code", "result", "units", "ref_range", "flag", "reported"]
seen = set()
if os.path.exists(master):
    with open(master, newline="") as fh:
        for row in csv.DictReader(fh):
            seen.add((row["accession"], row["test_code"]))
new_rows, skipped = [], 0
for path in os.environ["RESULT_FILES"].splitlines():
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            key = (row.get("accession"), row.get("test_code"))
            if None in key or key in seen:
                skipped += 1
                continue
            seen.add(key)
            new_rows.append({k: row.get(k, "") for k in fields})
write_header = not os.path.exists(master)
with open(master, "a", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=fields)
    if write_header:
        w.writeheader()
    w.writerows(new_rows)
print(f"{len(new_rows)} {skipped}")
PY
}

flag_abnormal() {
    local count
    count=$(awk -F, 'NR>1 && ($7=="H" || $7=="L") {n++} END {print n+0}' "$MASTER")
    log "abnormal results in master: $count"
}

prepare_staging
n=$(extract) || { log "extraction failed"; exit 1; }
log "extracted $n entries from $(basename "$ARCHIVE")"
read -r added skipped < <(merge_results) || { log "merge failed"; exit 1; }
log "added $added results, skipped $skipped duplicates"
flag_abnormal
rm -rf "$STAGING"
