#!/usr/bin/env bash
# Pre-show booth health report.
#
# Run by the duty technician 30 minutes before doors open. Writes a local
# report about this booth machine (OS, CPU, free disk) to ./reports/, checks
# that the media servers answer, and posts the reachability summary to the
# planetarium's monitoring API.

set -euo pipefail

MONITOR_URL="${MONITOR_URL:-https://monitor.example.org/api/v1/booth-checks}"
MEDIA_SERVERS="${MEDIA_SERVERS:-203.0.113.11 203.0.113.12 203.0.113.13}"
BOOTH_ID="${BOOTH_ID:-booth-a}"
REPORT_DIR="./reports"
NO_POST=0

log() { echo "[health] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-post) NO_POST=1; shift ;;
        --booth) BOOTH_ID="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--no-post] [--booth ID]"; exit 0 ;;
        *) log "unknown option $1"; exit 64 ;;
    esac
done

mkdir -p "$REPORT_DIR"
STAMP="$(date +%Y%m%d_%H%M)"
LOCAL_REPORT="$REPORT_DIR/health_${BOOTH_ID}_${STAMP}.txt"
SUMMARY_JSON="$REPORT_DIR/health_${BOOTH_ID}_${STAMP}.json"

os_name="$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release 2>/dev/null | tr -d '"')"
[[ -n "$os_name" ]] || os_name="unknown"
cpu_model="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
cpu_count="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 0)"
disk_free="$(df -Pk . | awk 'NR==2 {printf "%.1f", $4/1048576}')"

{
    echo "Booth health report - $BOOTH_ID - $(date '+%F %T')"
    echo "OS:         $os_name"
    echo "CPU:        ${cpu_model:-unknown} x ${cpu_count}"
    echo "Disk free:  ${disk_free} GiB (working directory)"
    echo
    echo "Media servers:"
} > "$LOCAL_REPORT"

check_server() {
    local addr="$1" code
    code="$(curl -s -o /dev/null -I --max-time 5 -w '%{http_code}' "http://${addr}/health" || true)"
    [[ -z "$code" ]] && code="000"
    printf '%s %s\n' "$addr" "$code"
}

results=""
for addr in $MEDIA_SERVERS; do
    line="$(check_server "$addr")"
    results+="${line}"$'\n'
    printf '  %s\n' "$line" >> "$LOCAL_REPORT"
    log "media server $line"
done

# summarise the probe results into JSON for the monitoring API
HC_RESULTS="$results" HC_BOOTH="$BOOTH_ID" HC_OUT="$SUMMARY_JSON" python3 - <<'PYEOF'
import json, os, time
rows = [l.split() for l in os.environ["HC_RESULTS"].splitlines() if l.strip()]
servers = [{"address": a, "http_status": int(c), "ok": c.startswith("2")} for a, c in rows]
doc = {
    "booth": os.environ["HC_BOOTH"],
    "checked_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    "servers": servers,
    "all_ok": all(s["ok"] for s in servers) if servers else False,
}
with open(os.environ["HC_OUT"], "w") as fh:
    json.dump(doc, fh, indent=2)
print("ok" if doc["all_ok"] else "degraded")
PYEOF

status="$(python3 -c 'import json,sys; print("ok" if json.load(open(sys.argv[1]))["all_ok"] else "degraded")' "$SUMMARY_JSON")"
echo >> "$LOCAL_REPORT"
echo "Overall: $status" >> "$LOCAL_REPORT"
log "overall status: $status (report: $LOCAL_REPORT)"

if [[ $NO_POST -eq 1 ]]; then
    log "--no-post given, not sending to monitoring"
    exit 0
fi
if [[ -z "${MONITOR_API_KEY:-}" ]]; then
    log "MONITOR_API_KEY not set; skipping post"
    exit 0
fi

http_code="$(curl -sS -o /dev/null -w '%{http_code}' --max-time 15 \
    -H "Authorization: Bearer ${MONITOR_API_KEY}" \
    -H 'Content-Type: application/json' \
    --data @"$SUMMARY_JSON" "$MONITOR_URL" || echo 000)"
if [[ "$http_code" =~ ^2 ]]; then
    log "posted summary to monitoring ($http_code)"
else
    log "monitoring post failed ($http_code)"
    exit 1
fi
