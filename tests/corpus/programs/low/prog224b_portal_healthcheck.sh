#!/usr/bin/env bash
# Lightweight health check of the public applicant-portal endpoints.
# Writes a dated JSON + text summary into ./reports for the morning stand-up.
#
#   prog224b_portal_healthcheck.sh [-b base_url] [-t timeout] [-r reports_dir]

set -uo pipefail

BASE_URL="${PORTAL_BASE_URL:-https://apply.example.org}"
TIMEOUT=10
REPORT_DIR="./reports"
ENDPOINTS=(
    "/"
    "/login"
    "/healthz"
    "/api/v1/status"
    "/static/css/portal.css"
    "/programs"
)

log() { echo "[health] $*" >&2; }

while getopts ":b:t:r:" opt; do
    case "$opt" in
        b) BASE_URL="${OPTARG%/}" ;;
        t) TIMEOUT="$OPTARG" ;;
        r) REPORT_DIR="$OPTARG" ;;
        *) sed -n '2,5p' "$0"; exit 1 ;;
    esac
done

if ! [[ "$TIMEOUT" =~ ^[0-9]+$ ]]; then
    log "timeout must be a whole number of seconds"
    exit 1
fi

mkdir -p "$REPORT_DIR"
STAMP="$(date +%Y%m%d-%H%M)"

probe() {
    # prints: path<TAB>method<TAB>status<TAB>seconds
    local path="$1" method="GET" out
    case "$path" in
        /static/*) method="HEAD" ;;
    esac
    if [[ "$method" == "HEAD" ]]; then
        out="$(curl -s -I -o /dev/null -w '%{http_code}\t%{time_total}' \
              --max-time "$TIMEOUT" "$BASE_URL$path")"
    else
        out="$(curl -s -o /dev/null -w '%{http_code}\t%{time_total}' \
              --max-time "$TIMEOUT" "$BASE_URL$path")"
    fi
    printf '%s\t%s\t%s\n' "$path" "$method" "${out:-$'000\t0'}"
}

RESULTS=""
for ep in "${ENDPOINTS[@]}"; do
    line="$(probe "$ep")"
    log "$line"
    RESULTS+="$line"$'\n'
done

# summarise in python; the raw lines go in through the environment
SUMMARY="$(HC_RESULTS="$RESULTS" HC_BASE="$BASE_URL" HC_STAMP="$STAMP" \
           HC_JSON="$REPORT_DIR/health-$STAMP.json" python3 - <<'PY'
import json
import os

rows = []
for line in os.environ["HC_RESULTS"].splitlines():
    parts = line.split("\t")
    if len(parts) != 4:
        continue
    path, method, status, seconds = parts
    rows.append({"path": path, "method": method,
                 "status": int(status or 0), "seconds": float(seconds or 0)})

bad = [r for r in rows if not 200 <= r["status"] < 400]
slow = [r for r in rows if r["seconds"] > 2.0]
doc = {"base": os.environ["HC_BASE"], "stamp": os.environ["HC_STAMP"],
       "checks": rows, "failing": len(bad), "slow": len(slow)}
with open(os.environ["HC_JSON"], "w") as fh:
    json.dump(doc, fh, indent=2)

print(f"{len(rows)} checks, {len(bad)} failing, {len(slow)} slow")
for r in bad:
    print(f"FAIL {r['method']} {r['path']} -> {r['status']}")
for r in slow:
    print(f"SLOW {r['method']} {r['path']} {r['seconds']:.2f}s")
PY
)"

printf '%s\n' "$SUMMARY" | tee "$REPORT_DIR/health-$STAMP.txt"

# keep the last 30 reports of each kind
for kind in json txt; do
    ls -1t "$REPORT_DIR"/health-*."$kind" 2>/dev/null | tail -n +31 | while read -r old; do
        rm -f -- "$old"
    done
done

if grep -q '^FAIL' <<< "$SUMMARY"; then
    exit 2
fi
exit 0
