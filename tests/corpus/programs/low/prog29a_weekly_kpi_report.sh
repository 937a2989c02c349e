#!/usr/bin/env bash
# Build the weekly KPI report from the CSV extracts in ./extracts.
#
# Output: ./reports/kpi_<iso-week>.md and a matching .csv summary.
# Intermediate files live in ./build and are removed at the end unless
# --keep-build is given.
set -euo pipefail

EXTRACT_DIR="${EXTRACT_DIR:-./extracts}"
BUILD_DIR="./build"
REPORT_DIR="./reports"
FX_URL="${FX_URL:-https://api.frankfurter.app/latest?from=EUR&to=USD}"
KEEP_BUILD=0
WEEK="$(date +%G-W%V)"

log() { printf '%s [kpi] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    cat <<EOF
Usage: $0 [--week YYYY-Www] [--keep-build] [--extracts DIR]
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --week) WEEK="$2"; shift 2 ;;
        --keep-build) KEEP_BUILD=1; shift ;;
        --extracts) EXTRACT_DIR="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

cleanup() {
    if [[ "$KEEP_BUILD" -eq 0 && -d "$BUILD_DIR" ]]; then
        log "removing $BUILD_DIR"
        rm -rf -- "$BUILD_DIR"
    fi
}
trap cleanup EXIT

mkdir -p "$BUILD_DIR" "$REPORT_DIR"

shopt -s nullglob
files=("$EXTRACT_DIR"/orders_*.csv)
if [[ ${#files[@]} -eq 0 ]]; then
    log "no order extracts in $EXTRACT_DIR"
    exit 1
fi

log "merging ${#files[@]} extracts for week $WEEK"
# strip headers, keep only rows whose week column matches
for f in "${files[@]}"; do
    tail -n +2 "$f"
done | awk -F, -v wk="$WEEK" '$2 == wk' > "$BUILD_DIR/orders_week.csv"

rows=$(wc -l < "$BUILD_DIR/orders_week.csv")
if [[ "$rows" -eq 0 ]]; then
    log "no rows for week $WEEK"
    exit 2
fi

# per-region revenue, orders, average basket
awk -F, '
    { rev[$3] += $5; cnt[$3] += 1 }
    END { for (r in rev) printf "%s,%d,%.2f,%.2f\n", r, cnt[r], rev[r], rev[r]/cnt[r] }
' "$BUILD_DIR/orders_week.csv" | sort -t, -k3,3nr > "$BUILD_DIR/by_region.csv"

total_rev=$(awk -F, '{ s += $3 } END { printf "%.2f", s }' "$BUILD_DIR/by_region.csv")

# EUR->USD conversion rate for the headline figure (read-only GET)
rate="$(curl -fsS --max-time 10 "$FX_URL" | sed -n 's/.*"USD":\([0-9.]*\).*/\1/p' || true)"
if [[ -z "$rate" ]]; then
    log "FX lookup failed, reporting EUR only"
    usd_line="(USD conversion unavailable)"
else
    usd_line="$(awk -v t="$total_rev" -v r="$rate" 'BEGIN { printf "approx. USD %.2f (rate %s)", t*r, r }')"
fi

{
    echo "region,orders,revenue_eur,avg_basket_eur"
    cat "$BUILD_DIR/by_region.csv"
} > "$REPORT_DIR/kpi_${WEEK}.csv"

{
    echo "# Weekly KPI report - $WEEK"
    echo
    echo "Total revenue: EUR $total_rev $usd_line"
    echo "Orders: $rows"
    echo
    echo "| Region | Orders | Revenue (EUR) | Avg basket |"
    echo "|---|---:|---:|---:|"
    awk -F, '{ printf "| %s | %d | %.2f | %.2f |\n", $1, $2, $3, $4 }' "$BUILD_DIR/by_region.csv"
} > "$REPORT_DIR/kpi_${WEEK}.md"

log "report written to $REPORT_DIR/kpi_${WEEK}.md"
