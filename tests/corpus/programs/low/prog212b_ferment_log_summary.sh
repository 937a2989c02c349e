#!/usr/bin/env bash
# ferment_log_summary.sh - summarise the hydrometer/tilt readings in
# ./ferment_logs/*.csv: current gravity, apparent attenuation, estimated ABV
# and whether the batch looks finished (stable gravity for 3 days).
#
#   ferment_log_summary.sh [-d log_dir] [-r report_dir] [--clean]

set -euo pipefail

LOG_DIR="./ferment_logs"
REPORT_DIR="./reports"
BUILD_DIR="./build"
CLEAN=0
STABLE_DAYS="${STABLE_DAYS:-3}"

say() { printf '[ferment] %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d) LOG_DIR="$2"; shift 2 ;;
        -r) REPORT_DIR="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) say "unknown option $1"; exit 2 ;;
    esac
done

if [[ $CLEAN -eq 1 ]]; then
    rm -rf -- "$BUILD_DIR"
    say "removed $BUILD_DIR"
fi

[[ -d "$LOG_DIR" ]] || { say "no log directory $LOG_DIR"; exit 1; }
mkdir -p "$REPORT_DIR" "$BUILD_DIR"

summarise_batch() {
    # stdin: one batch's CSV; stdout: one tab-separated summary line
    BATCH_NAME="$1" STABLE_DAYS="$STABLE_DAYS" python3 -c '
import csv, os, sys
rows = []
for row in csv.DictReader(sys.stdin):
    try:
        rows.append((row["date"], float(row["gravity"]), float(row.get("temp_c") or "nan")))
    except (KeyError, ValueError):
        continue
if not rows:
    print(os.environ["BATCH_NAME"], "no-data", sep="\t")
    sys.exit(0)
rows.sort()
og, sg = rows[0][1], rows[-1][1]
att = (og - sg) / (og - 1.0) * 100 if og > 1.0 else 0.0
abv = (og - sg) * 131.25
days = int(os.environ["STABLE_DAYS"])
tail = [g for _, g, _ in rows[-days:]]
done = len(tail) == days and max(tail) - min(tail) <= 0.001
print(os.environ["BATCH_NAME"], f"{og:.3f}", f"{sg:.3f}", f"{att:.0f}%", f"{abv:.1f}%",
      "finished" if done else "fermenting", rows[-1][0], sep="\t")
'
}

main() {
    local f name n=0
    local summary="$BUILD_DIR/summary.tsv"
    : > "$summary"
    for f in "$LOG_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        name="$(basename "$f" .csv)"
        summarise_batch "$name" < "$f" >> "$summary"
        n=$((n + 1))
    done
    (( n > 0 )) || { say "no batch logs found"; exit 0; }

    local report
    report="$REPORT_DIR/ferment_$(date +%Y%m%d).txt"
    {
        printf 'Fermentation summary %s\n\n' "$(date '+%F %H:%M')"
        printf 'batch\tOG\tSG\tatt\tABV\tstatus\tlast\n'
        sort -t$'\t' -k6,6 -k1,1 "$summary"
    } | column -t -s$'\t' > "$report"

    local ready
    ready="$(grep -c $'\tfinished\t' "$summary" || true)"
    cat "$report"
    say "$n batches summarised, $ready ready to crash; report at $report"
}

main
