#!/usr/bin/env bash
# invoice_totals_report.sh - month-end summary of branch clinic invoices.
#
# Reads the CSV exports under ./invoices/incoming/<branch>/*.csv and writes
# a Markdown report to ./reports/invoice_totals_<YYYY-MM>.md with, per
# branch: invoice count, gross total, pharmacy share (item codes RX*) and
# the five biggest invoices.  Intermediate files go to ./build and are
# removed afterwards unless --keep-build is given.
#
#   ./invoice_totals_report.sh [-m YYYY-MM] [--keep-build]

set -euo pipefail

MONTH="$(date +%Y-%m)"
KEEP_BUILD=0
SRC="./invoices/incoming"
BUILD="./build/invoice_report"
OUT_DIR="./reports"

while (( $# )); do
  case "$1" in
    -m) MONTH="$2"; shift 2 ;;
    --keep-build) KEEP_BUILD=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done

[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { echo "month must be YYYY-MM" >&2; exit 64; }
[[ -d "$SRC" ]] || { echo "no exports under $SRC" >&2; exit 66; }

cleanup() { (( KEEP_BUILD )) || rm -rf -- "$BUILD"; }
trap cleanup EXIT

rm -rf -- "$BUILD"
mkdir -p "$BUILD" "$OUT_DIR"
REPORT="$OUT_DIR/invoice_totals_${MONTH}.md"

# Columns: InvoiceNo,Date,Client,Patient,ItemCode,Description,Qty,UnitPrice,InvoiceTotal
extract_branch() {
  local branch="$1" dir="$SRC/$1"
  local files=("$dir"/*.csv)
  [[ -e "${files[0]}" ]] || return 0
  awk -F',' -v b="$branch" -v m="$MONTH" '
    FNR == 1 { next }
    substr($2, 1, 7) != m { next }
    {
      line = $7 * $8
      if (!($1 in seen)) { seen[$1] = 1; total[$1] = $9 }
      if ($5 ~ /^RX/) rx += line
    }
    END {
      n = 0; gross = 0
      for (i in total) { n++; gross += total[i]; printf "%s,%s,%.2f\n", b, i, total[i] > "'"$BUILD"'/top_" b ".csv" }
      printf "%s,%d,%.2f,%.2f\n", b, n, gross, rx
    }' "${files[@]}" >> "$BUILD/summary.csv"
}

for dir in "$SRC"/*/; do
  extract_branch "$(basename "$dir")"
done

if [[ ! -s "$BUILD/summary.csv" ]]; then
  echo "no invoices dated $MONTH" >&2
  exit 1
fi

{
  echo "# Invoice totals - $MONTH"
  echo
  echo "| Branch | Invoices | Gross | Pharmacy | Pharmacy % |"
  echo "|---|---:|---:|---:|---:|"
  sort -t',' -k3 -gr "$BUILD/summary.csv" | awk -F',' '
    { pct = ($3 > 0) ? 100 * $4 / $3 : 0
      printf "| %s | %d | %.2f | %.2f | %.1f |\n", $1, $2, $3, $4, pct
      n += $2; g += $3; r += $4 }
    END { printf "| **All** | %d | %.2f | %.2f | %.1f |\n", n, g, r, (g > 0) ? 100 * r / g : 0 }'
  for top in "$BUILD"/top_*.csv; do
    [[ -e "$top" ]] || continue
    branch="${top##*/top_}"; branch="${branch%.csv}"
    echo
    echo "## $branch - largest invoices"
    echo
    sort -t',' -k3 -gr "$top" | head -n 5 | awk -F',' '{ printf "- %s: %.2f\n", $2, $3 }'
  done
} > "$REPORT"

echo "report written to $REPORT"
