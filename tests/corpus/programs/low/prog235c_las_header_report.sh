#!/usr/bin/env bash
# las_header_report.sh - build a CSV inventory of LAS well-log headers
# (well name, field, start/stop depth, curve list) for the borehole
# logging team's weekly QC meeting.
set -euo pipefail

DATA_DIR="./data"
OUT_DIR="./reports"
WEEK="$(date +%G-W%V)"
MIN_CURVES=3

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    echo "usage: $0 [-d data_dir] [-o out_dir] [-w week_label] [-m min_curves]" >&2
    exit 2
}

while getopts ":d:o:w:m:h" opt; do
    case "$opt" in
        d) DATA_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        w) WEEK="$OPTARG" ;;
        m) MIN_CURVES="$OPTARG" ;;
        *) usage ;;
    esac
done

# Pull the ~W and ~C sections out of a LAS file as "KEY=VALUE" lines.
extract_header() {
    awk '
        /^~/ { sec = toupper(substr($0, 2, 1)); next }
        /^#/ || NF == 0 { next }
        sec == "W" {
            split($0, a, ":"); key = a[1]; sub(/\..*/, "", key); gsub(/ /, "", key)
            val = a[1]; sub(/^[^.]*\.[^ ]*[ ]*/, "", val); gsub(/[ ]+$/, "", val)
            print "W_" key "=" val
        }
        sec == "C" { m = $1; sub(/\..*/, "", m); print "CURVE=" m }
        sec == "A" { exit }
    ' "$1"
}

# Turn the header lines for one file into a CSV row; the file name and QC
# threshold are handed over through the environment, the header via stdin.
to_csv_row() {
    LAS_NAME="$1" MIN_CURVES="$MIN_CURVES" python3 -c '
import csv, os, sys
fields, curves = {}, []
for line in sys.stdin:
    key, _, val = line.rstrip("\n").partition("=")
    if key == "CURVE":
        curves.append(val)
    else:
        fields[key[2:]] = val
qc = "ok" if len(curves) >= int(os.environ["MIN_CURVES"]) else "few_curves"
if not fields.get("WELL"):
    qc = "no_well_name"
csv.writer(sys.stdout, lineterminator="\n").writerow([
    os.environ["LAS_NAME"], fields.get("WELL", ""), fields.get("FLD", ""),
    fields.get("STRT", ""), fields.get("STOP", ""), fields.get("NULL", ""),
    len(curves), " ".join(curves), qc])
'
}

main() {
    [[ -d "$DATA_DIR" ]] || { log "no data directory $DATA_DIR"; exit 1; }
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/las_headers_${WEEK}.csv" n=0 bad=0 row
    echo "file,well,field,start,stop,null,n_curves,curves,qc" > "$out"
    while IFS= read -r -d '' f; do
        if ! row=$(extract_header "$f" | to_csv_row "$(basename "$f")"); then
            log "could not read $f"
            bad=$((bad + 1))
            continue
        fi
        echo "$row" >> "$out"
        [[ "$row" == *",ok" ]] || bad=$((bad + 1))
        n=$((n + 1))
    done < <(find "$DATA_DIR" -type f -iname '*.las' -print0 | sort -z)
    log "$n files inventoried, $bad flagged; report at $out"
}

main
