#!/usr/bin/env bash
# PACS web viewer health check.
# Checks that the hosted PACS web viewer and its API answer, and records a
# small status file (plus some facts about this reception PC) that the
# office manager forwards when opening a ticket with the PACS provider.
set -uo pipefail

PACS_URL="${PACS_URL:-https://pacs.example.org}"
STATUS_DIR="${STATUS_DIR:-./status}"
TIMEOUT="${TIMEOUT:-10}"
KEEP_DAYS="${KEEP_DAYS:-7}"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --url) PACS_URL="$2"; shift 2 ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--url URL] [--timeout SECONDS]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

mkdir -p "$STATUS_DIR/.cache"
STAMP="$(date +%Y%m%d-%H%M%S)"

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

# HEAD of the viewer page: status code and total time
head_check() {
    curl -sS -o /dev/null -I --max-time "$TIMEOUT" \
        -w '%{http_code} %{time_total}' "$PACS_URL/viewer/" 2>/dev/null || echo "000 0"
}

# GET of the API health endpoint, body cached in our own cache dir
api_check() {
    curl -sS --max-time "$TIMEOUT" -o "$STATUS_DIR/.cache/health_$STAMP.json" \
        -w '%{http_code}' "$PACS_URL/api/health" 2>/dev/null || echo "000"
}

os_name() {
    local name
    name="$(grep -m1 '^PRETTY_NAME=' /etc/os-release 2>/dev/null | cut -d= -f2- | tr -d '"')"
    echo "${name:-unknown}"
}

cpu_model() {
    grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'
}

read -r head_code head_time <<<"$(head_check)"
api_code="$(api_check)"
log "viewer HEAD $head_code in ${head_time}s, API GET $api_code"

# python assembles the status JSON; every value comes through the env
STATUS_FILE="$STATUS_DIR/health_$STAMP.json"
HEAD_CODE="$head_code" HEAD_TIME="$head_time" API_CODE="$api_code" \
API_BODY_FILE="$STATUS_DIR/.cache/health_$STAMP.json" PACS_URL="$PACS_URL" \
OS_NAME="$(os_name)" CPU_MODEL="$(cpu_model)" CPU_COUNT="$(grep -c ^processor /proc/cpuinfo)" \
python3 -c '
import json, os, socket, time
body = {}
try:
    with open(os.environ["API_BODY_FILE"], encoding="utf-8") as fh:
        body = json.load(fh)
except (OSError, ValueError):
    pass
status = {
    "checked_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    "host": socket.gethostname(),
    "pacs_url": os.environ["PACS_URL"],
    "viewer": {"http": int(os.environ["HEAD_CODE"]), "seconds": float(os.environ["HEAD_TIME"])},
    "api": {"http": int(os.environ["API_CODE"]), "status": body.get("status", "unknown")},
    "os": os.environ["OS_NAME"],
    "cpu": {"model": os.environ["CPU_MODEL"], "count": int(os.environ["CPU_COUNT"] or 0)},
}
status["ok"] = status["viewer"]["http"] == 200 and status["api"]["http"] == 200
print(json.dumps(status, indent=2))
' >"$STATUS_FILE"

ok="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["ok"])' "$STATUS_FILE")"

# tidy up: our cached API bodies and status files older than KEEP_DAYS
rm -f "$STATUS_DIR/.cache/health_$STAMP.json"
find "$STATUS_DIR" -maxdepth 1 -name 'health_*.json' -mtime +"$KEEP_DAYS" -delete

log "status written to $STATUS_FILE (ok=$ok)"
[[ "$ok" == "True" ]]
