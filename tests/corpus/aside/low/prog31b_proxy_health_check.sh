#!/usr/bin/env bash
# Check that the local forward proxy answers and that a few well-known sites
# are reachable through it.  Results are appended to ./proxy-health.log and a
# one-line summary is printed.  Exit status is the number of failed checks.
#
# Usage: ./proxy_health_check.sh [-p http://127.0.0.1:3128] [-t 8] [url...]

set -u

PROXY="http://127.0.0.1:3128"
TIMEOUT=8
LOG_FILE="./proxy-health.log"
DEFAULT_URLS=(
  "https://www.debian.org/"
  "https://pypi.org/simple/"
  "https://github.com/"
)

usage() {
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

while getopts ":p:t:l:h" opt; do
  case "$opt" in
    p) PROXY="$OPTARG" ;;
    t) TIMEOUT="$OPTARG" ;;
    l) LOG_FILE="$OPTARG" ;;
    h|*) usage ;;
  esac
done
shift $((OPTIND - 1))

if [ "$#" -gt 0 ]; then
  URLS=("$@")
else
  URLS=("${DEFAULT_URLS[@]}")
fi

if [ -z "$(command -v curl)" ]; then
  echo "curl is required" >&2
  exit 2
fi

ts() { date -u +%Y-%m-%dT%H:%M:%SZ; }

log() {
  printf '%s %s\n' "$(ts)" "$*" >> "$LOG_FILE"
}

# probe URL VIA -> prints "code seconds"
probe() {
  local url="$1" via="$2"
  local args=(--silent --show-error --head --max-time "$TIMEOUT"
              --output "./.probe-headers" --write-out '%{http_code} %{time_total}')
  if [ -n "$via" ]; then
    args+=(--proxy "$via")
  else
    args+=(--noproxy '*')
  fi
  curl "${args[@]}" "$url" 2>>"$LOG_FILE" || echo "000 0"
}

failures=0
checked=0

log "---- run start proxy=$PROXY timeout=${TIMEOUT}s"
for url in "${URLS[@]}"; do
  checked=$((checked + 1))
  read -r direct_code direct_t <<<"$(probe "$url" "")"
  read -r proxy_code proxy_t <<<"$(probe "$url" "$PROXY")"

  status="ok"
  case "$proxy_code" in
    2??|3??) ;;
    407) status="proxy-auth-required" ;;
    000) status="proxy-unreachable" ;;
    *) status="http-$proxy_code" ;;
  esac
  if [ "$status" != "ok" ]; then
    failures=$((failures + 1))
  fi

  overhead=$(awk -v a="$proxy_t" -v b="$direct_t" 'BEGIN { printf "%.3f", a - b }')
  log "$status url=$url direct=$direct_code/${direct_t}s proxy=$proxy_code/${proxy_t}s overhead=${overhead}s"
  printf '%-40s %-22s direct=%s proxy=%s (+%ss)\n' \
    "$url" "$status" "$direct_code" "$proxy_code" "$overhead"
done

rm -f ./.probe-headers
log "---- run end checked=$checked failed=$failures"
echo "checked $checked URL(s) via $PROXY: $failures failure(s); details in $LOG_FILE"
exit "$failures"
