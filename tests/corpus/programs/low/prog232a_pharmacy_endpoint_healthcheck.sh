#!/usr/bin/env bash
# Health check of the pharmacy and scheduling endpoints used by the hospice
# medication-records app. Sends HEAD/GET requests with timeouts, reads the
# version document of each service and appends one line per endpoint to
# ./healthcheck.log. Exit status is the number of failing endpoints.
set -uo pipefail

ENDPOINTS_FILE="${ENDPOINTS_FILE:-./endpoints.txt}"
LOG_FILE="${LOG_FILE:-./healthcheck.log}"
ERR_FILE="${ERR_FILE:-./healthcheck.err}"
HEADERS_FILE="./.healthcheck_headers"
TIMEOUT="${TIMEOUT:-10}"
SLOW_MS="${SLOW_MS:-1500}"

DEFAULT_ENDPOINTS=(
    "formulary https://formulary.example.org"
    "scheduler https://visits.example.net"
    "pharmacy  https://api.pharmacy.example.com"
)

while [ $# -gt 0 ]; do
    case "$1" in
        -f|--file) ENDPOINTS_FILE="$2"; shift 2 ;;
        -t|--timeout) TIMEOUT="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [-f endpoints.txt] [-t seconds]"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done

load_endpoints() {
    if [ -f "$ENDPOINTS_FILE" ]; then
        grep -vE '^\s*(#|$)' "$ENDPOINTS_FILE"
    else
        printf '%s\n' "${DEFAULT_ENDPOINTS[@]}"
    fi
}

# HEAD request: prints "<http_code> <time_ms>".
probe_head() {
    curl -sS -I -o "$HEADERS_FILE" --max-time "$TIMEOUT" \
         -w '%{http_code} %{time_total}\n' "$1/health" 2>>"$ERR_FILE" \
      | awk '{printf "%s %d\n", $1, $2 * 1000}'
}

# GET of the version document; the body goes to Python through an env var.
read_version() {
    local body
    body="$(curl -sS --fail --max-time "$TIMEOUT" -H 'Accept: application/json' "$1/version" 2>>"$ERR_FILE")" || {
        echo "unknown"; return 0; }
    VERSION_BODY="$body" python3 -c '
import json, os
try:
    doc = json.loads(os.environ["VERSION_BODY"])
    print(doc.get("version") or doc.get("build", {}).get("tag") or "unknown")
except ValueError:
    print("unparseable")
'
}

failures=0
checked=0
while read -r name base; do
    [ -z "${name:-}" ] && continue
    checked=$((checked + 1))
    read -r code ms <<<"$(probe_head "$base")"
    code="${code:-000}"; ms="${ms:-0}"
    status="ok"
    if [[ ! "$code" =~ ^(200|204)$ ]]; then
        status="down"
        failures=$((failures + 1))
    elif [ "$ms" -gt "$SLOW_MS" ]; then
        status="slow"
    fi
    version="$( [ "$status" = down ] && echo '-' || read_version "$base" )"
    line="$(date '+%F %T') $name status=$status http=$code ms=$ms version=$version"
    echo "$line" | tee -a "$LOG_FILE"
done < <(load_endpoints)

rm -f -- "$HEADERS_FILE"
echo "checked $checked endpoints, $failures failing" >&2
exit "$failures"
