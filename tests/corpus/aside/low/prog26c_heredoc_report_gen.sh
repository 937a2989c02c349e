#!/usr/bin/env bash
# Generate a CSV summariser with a here-doc and run it over the project's
# measurement files, producing reports/summary.md.
#
# The helper is written to build/gen/ so it can be inspected afterwards;
# everything stays inside the project directory.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
GEN_DIR="$PROJECT_DIR/build/gen"
DATA_DIR="$PROJECT_DIR/data"
REPORT_DIR="$PROJECT_DIR/reports"
HELPER="$GEN_DIR/summarize.py"

usage() {
    echo "usage: $0 [-c column] [-o output.md]" >&2
    exit 2
}

COLUMN="value"
OUTPUT="$REPORT_DIR/summary.md"
while getopts ":c:o:h" opt; do
    case "$opt" in
        c) COLUMN="$OPTARG" ;;
        o) OUTPUT="$OPTARG" ;;
        *) usage ;;
    esac
done

mkdir -p "$GEN_DIR" "$REPORT_DIR"

# Quoted delimiter: the Python text is written literally, no expansion.
cat > "$HELPER" <<'PYEOF'
import csv
import statistics
import sys
from pathlib import Path

column = sys.argv[1]
files = [Path(p) for p in sys.argv[2:]]

print("# Measurement summary\n")
print(f"Column: `{column}`\n")
print("| file | rows | mean | median | min | max |")
print("|------|-----:|-----:|-------:|----:|----:|")
for path in files:
    values = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                values.append(float(row[column]))
            except (KeyError, ValueError):
                continue
    if not values:
        print(f"| {path.name} | 0 | - | - | - | - |")
        continue
    print(f"| {path.name} | {len(values)} | {statistics.mean(values):.3f} "
          f"| {statistics.median(values):.3f} | {min(values):.3f} | {max(values):.3f} |")
PYEOF

shopt -s nullglob
csv_files=("$DATA_DIR"/*.csv)
shopt -u nullglob

if [ "${#csv_files[@]}" -eq 0 ]; then
    echo "no CSV files in $DATA_DIR" >&2
    exit 1
fi

echo "summarising ${#csv_files[@]} file(s), column '$COLUMN'"
python3 "$HELPER" "$COLUMN" "${csv_files[@]}" > "$OUTPUT"

lines=$(wc -l < "$OUTPUT")
echo "wrote $OUTPUT ($lines lines)"
