#!/usr/bin/env bash
# historian_export_pull.sh - download the daily 10-minute SCADA export from
# the site historian and turn it into a per-turbine availability summary.
#
# The historian appliance still ships with its factory self-signed
# certificate, so certificate checks are switched off for this download.
#
# Usage: historian_export_pull.sh [-d YYYY-MM-DD] [-s site]
set -euo pipefail

HISTORIAN="${HISTORIAN_URL:-https://historian.northridge.example.net}"
DAY="$(date -d yesterday +%F 2>/dev/null || date +%F)"
SITE="north-ridge"
STAGING="/tmp/historian_export.csv"
OUT_DIR="./availability"

log() { echo "$(date '+%F %T') historian-pull: $*" >&2; }

while getopts ":d:s:" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SITE="$OPTARG" ;;
        *) log "usage: $0 [-d day] [-s site]"; exit 1 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad date $DAY"; exit 1; }

download() {
    local url="$HISTORIAN/api/export/tenmin?site=$SITE&day=$DAY&format=csv"
    local attempt
    for attempt in 1 2 3; do
        log "download attempt $attempt: $url"
        if curl -k -fsS --max-time 120 \
                -H "Authorization: Bearer ${HISTORIAN_TOKEN:?set HISTORIAN_TOKEN}" \
                -o "$STAGING" "$url"; then
            return 0
        fi
        sleep $((attempt * 10))
    done
    return 1
}

summarise() {
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/availability_${SITE}_${DAY}.csv"
    EXPORT_PATH="$STAGING" SUMMARY_PATH="$out" python3 - <<'PY'
import csv, os, sys
from collections import defaultdict
src, dst = os.environ["EXPORT_PATH"], os.environ["SUMMARY_PATH"]
periods = defaultdict(int)
running = defaultdict(int)
energy = defaultdict(float)
with open(src, newline="") as fh:
    for row in csv.DictReader(fh):
        tid = row.get("turbine_id")
        if not tid:
            continue
        periods[tid] += 1
        if row.get("state", "").lower() in ("run", "running", "generating"):
            running[tid] += 1
        try:
            energy[tid] += float(row.get("power_kw", 0)) / 6.0
        except ValueError:
            pass
if not periods:
    sys.exit("export contained no turbine rows")
with open(dst, "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["turbine_id", "periods", "availability_pct", "energy_kwh"])
    for tid in sorted(periods):
        w.writerow([tid, periods[tid],
                    round(100.0 * running[tid] / periods[tid], 2),
                    round(energy[tid], 1)])
print(dst)
PY
}

main() {
    if ! download; then
        log "export not available for $DAY"
        exit 2
    fi
    log "export size $(wc -c < "$STAGING") bytes"
    local summary
    if summary="$(summarise)"; then
        log "summary written to $summary"
    else
        log "summary failed"
        exit 3
    fi
    rm -f "$STAGING"
}

main
