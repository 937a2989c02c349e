#!/usr/bin/env bash
# germination_summary.sh - monthly summary of germination tests for the
# seed bank's viability monitoring report.
#
# Reads the test sheets exported by the lab (CSV) from the working directory,
# hands the list of sheets to a Python helper through an environment variable
# and writes a Markdown summary next to them.
set -euo pipefail

SHEETS_DIR="${SHEETS_DIR:-./tests}"
MONTH="${MONTH:-$(date +%Y-%m)}"
THRESHOLD="${THRESHOLD:-85}"
REPORT="./germination_summary_${MONTH}.md"

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    echo "usage: $0 [-m YYYY-MM] [-t threshold_pct] [-d sheets_dir]" >&2
}

while getopts "m:t:d:h" opt; do
    case "$opt" in
        m) MONTH="$OPTARG"; REPORT="./germination_summary_${MONTH}.md" ;;
        t) THRESHOLD="$OPTARG" ;;
        d) SHEETS_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]]; then
    log "month must look like YYYY-MM"
    exit 2
fi

[[ -d "$SHEETS_DIR" ]] || { log "sheet directory $SHEETS_DIR not found"; exit 1; }

sheets="$(find "$SHEETS_DIR" -maxdepth 1 -name "germ_${MONTH}*.csv" | sort | paste -sd: -)"
if [[ -z "$sheets" ]]; then
    log "no germination sheets for $MONTH"
    exit 0
fi
log "found $(echo "$sheets" | tr ':' '\n' | wc -l) sheet(s) for $MONTH"

SHEETS="$sheets" MONTH="$MONTH" THRESHOLD="$THRESHOLD" python3 - >"$REPORT" <<'PYEOF'
import csv
import os
import statistics
import sys
from collections import defaultdict

threshold = float(os.environ["THRESHOLD"])
month = os.environ["MONTH"]
by_acc = defaultdict(list)
skipped = 0

for path in os.environ["SHEETS"].split(":"):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                sown = int(row["sown"])
                germ = int(row["germinated"])
                if sown <= 0 or germ > sown:
                    raise ValueError("inconsistent counts")
            except (KeyError, ValueError):
                skipped += 1
                continue
            by_acc[row["accession_no"]].append(100.0 * germ / sown)

print(f"# Germination tests, {month}\n")
print(f"Accessions tested: {len(by_acc)}  ")
print(f"Rows skipped: {skipped}  ")
print(f"Regeneration threshold: {threshold:.0f}%\n")
print("| Accession | Replicates | Mean % | Min % | Status |")
print("|---|---|---|---|---|")
below = 0
for acc in sorted(by_acc):
    vals = by_acc[acc]
    mean = statistics.mean(vals)
    status = "regenerate" if mean < threshold else "ok"
    below += status == "regenerate"
    print(f"| {acc} | {len(vals)} | {mean:.1f} | {min(vals):.1f} | {status} |")
print(f"\n{below} accession(s) below threshold.")
print(f"{below}", file=sys.stderr)
PYEOF

log "summary written to $REPORT"
regen_count="$(grep -c '| regenerate |' "$REPORT" || true)"
if (( regen_count > 0 )); then
    log "$regen_count accession(s) need regeneration; listing:"
    grep '| regenerate |' "$REPORT" | cut -d'|' -f2 | sed 's/^ */  /'
fi
