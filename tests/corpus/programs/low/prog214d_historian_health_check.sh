#!/usr/bin/env bash
# historian_health_check.sh - poll the historian's health endpoints
#
# Run from the control-room dashboard every few minutes. Fetches the health
# and ingest-lag endpoints of the historian appliances, compares the numbers
# against thresholds and writes a status file the dashboard tile reads.
set -uo pipefail

HOSTS="${HIST_HOSTS:-historian.example.com historian-dr.example.com}"
MAX_LAG_S="${MAX_LAG_S:-120}"
MIN_FREE_PCT="${MIN_FREE_PCT:-15}"
STATUS_DIR="${STATUS_DIR:-./status}"
TIMEOUT="${TIMEOUT:-10}"

log() { printf '%s health: %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts "H:l:f:t:" o; do
    case "$o" in
        H) HOSTS="$OPTARG" ;;
        l) MAX_LAG_S="$OPTARG" ;;
        f) MIN_FREE_PCT="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        *) echo "usage: $0 [-H 'host1 host2'] [-l lag_s] [-f free_pct] [-t timeout]" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATUS_DIR"
export MAX_LAG_S MIN_FREE_PCT

check_host() {
    local host="$1" body code
    body="$(curl -sS --max-time "$TIMEOUT" -w '\n%{http_code}' \
                 "https://${host}/api/v1/health")" || {
        echo "{\"host\": \"${host}\", \"status\": \"unreachable\"}"
        return
    }
    code="${body##*$'\n'}"
    body="${body%$'\n'*}"
    if [[ "$code" != "200" ]]; then
        echo "{\"host\": \"${host}\", \"status\": \"http_${code}\"}"
        return
    fi
    # evaluate the JSON body against the thresholds in the environment
    printf '%s' "$body" | HOST_NAME="$host" python3 -c '
import json, os, sys
host = os.environ["HOST_NAME"]
try:
    h = json.load(sys.stdin)
except ValueError:
    print(json.dumps({"host": host, "status": "bad_json"}))
    sys.exit(0)
lag = float(h.get("ingest_lag_s", 0))
free = float(h.get("archive_free_pct", 100))
problems = []
if lag > float(os.environ["MAX_LAG_S"]):
    problems.append(f"ingest lag {lag:.0f}s")
if free < float(os.environ["MIN_FREE_PCT"]):
    problems.append(f"archive free {free:.1f}%")
down = h.get("collectors_down") or []
if down:
    problems.append(f"{len(down)} collectors down")
print(json.dumps({"host": host, "status": "degraded" if problems else "ok",
                  "lag_s": lag, "free_pct": free, "problems": problems}))
'
}

results=()
for host in $HOSTS; do
    r="$(check_host "$host")"
    log "$r"
    results+=("$r")
done

STATUS_JSON="$(printf '%s\n' "${results[@]}" | python3 -c '
import json, sys, datetime
rows = [json.loads(l) for l in sys.stdin if l.strip()]
worst = "ok"
for r in rows:
    if r["status"] != "ok":
        worst = "degraded" if worst == "ok" and r["status"] == "degraded" else "down"
print(json.dumps({"checked": datetime.datetime.now().isoformat(timespec="seconds"),
                  "overall": worst, "hosts": rows}, indent=2))
')"

printf '%s\n' "$STATUS_JSON" > "${STATUS_DIR}/historian_health.json"
overall="$(grep -o '"overall": "[a-z]*"' <<< "$STATUS_JSON" | cut -d'"' -f4)"
log "overall status: ${overall}"
[[ "$overall" == "ok" ]]
