#!/usr/bin/env bash
# Build the weekly KPI extracts from the local analytics DuckDB/SQLite file
# and share them with the office so analysts can grab them from a browser.
#
#   ./publish_reports.sh [--week 2024-W19] [--port 8088] [--no-serve]

set -uo pipefail

DB="${REPORT_DB:-./warehouse.db}"
OUT_DIR="./public_reports"
PORT=8088
SERVE=1
WEEK="$(date +%G-W%V)"

die() { echo "publish_reports: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --week) WEEK="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        --db) DB="$2"; shift 2 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

command -v sqlite3 >/dev/null || die "sqlite3 CLI not installed"
[[ -f "$DB" ]] || die "database $DB not found"

declare -A REPORTS=(
    [active_customers]="SELECT region, COUNT(DISTINCT customer_id) AS active
                          FROM fact_orders WHERE iso_week = :week GROUP BY region"
    [gross_margin]="SELECT category, ROUND(SUM(revenue - cogs), 2) AS margin
                      FROM fact_orders WHERE iso_week = :week GROUP BY category"
    [churn_flags]="SELECT segment, SUM(churned) AS churned, COUNT(*) AS total
                     FROM dim_customer_weekly WHERE iso_week = :week GROUP BY segment"
)

mkdir -p "$OUT_DIR/$WEEK"

for name in "${!REPORTS[@]}"; do
    target="$OUT_DIR/$WEEK/${name}.csv"
    echo "building $target"
    if ! sqlite3 -header -csv "$DB" \
            ".parameter set :week '$WEEK'" \
            "${REPORTS[$name]};" >"$target.part"; then
        echo "  failed: $name" >&2
        rm -f "$target.part"
        continue
    fi
    mv "$target.part" "$target"
done

# simple index page
{
    echo "<html><head><title>KPI extracts</title></head><body><h1>KPI extracts</h1><ul>"
    for dir in $(ls -1r "$OUT_DIR" | grep -E '^[0-9]{4}-W[0-9]{2}$'); do
        echo "<li>$dir<ul>"
        for f in "$OUT_DIR/$dir"/*.csv; do
            [[ -e "$f" ]] || continue
            echo "<li><a href=\"$dir/$(basename "$f")\">$(basename "$f")</a></li>"
        done
        echo "</ul></li>"
    done
    echo "</ul></body></html>"
} >"$OUT_DIR/index.html"

if (( ! SERVE )); then
    echo "reports written to $OUT_DIR"
    exit 0
fi

host_ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
echo "serving $OUT_DIR on http://${host_ip:-this-host}:$PORT/ (Ctrl-C to stop)"
cd "$OUT_DIR" || die "cannot enter $OUT_DIR"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
