#!/usr/bin/env bash
# camera_health_check.sh - check that every gantry camera's web interface answers.
#
# Sends a HEAD request to each camera's status page, records latency and HTTP
# code, and writes a small report for the shift log. Run from the NOC laptop.

set -uo pipefail

SITE="${SITE:-gantry.example.net}"
CAM_COUNT="${CAM_COUNT:-8}"
STATUS_PATH="/status"
TIMEOUT="${TIMEOUT:-4}"
REPORT_DIR="./reports"
CACHE_DIR="./.healthcheck_cache"
VERBOSE=0

usage() {
  echo "Usage: $0 [-s site] [-n count] [-t timeout] [-v]" >&2
}

while getopts ":s:n:t:vh" opt; do
  case "$opt" in
    s) SITE="$OPTARG" ;;
    n) CAM_COUNT="$OPTARG" ;;
    t) TIMEOUT="$OPTARG" ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

debug() { [[ "$VERBOSE" -eq 1 ]] && printf 'debug: %s\n' "$*" >&2; return 0; }

host_os() {
  if [[ -r /etc/os-release ]]; then
    (. /etc/os-release; printf '%s' "${PRETTY_NAME:-$ID}")
  else
    uname -s
  fi
}

cam_host() {
  printf 'cam-%02d.%s' "$1" "$SITE"
}

probe() {
  local url="$1"
  curl --head --silent --output /dev/null \
       --max-time "$TIMEOUT" --connect-timeout "$TIMEOUT" \
       --write-out '%{http_code} %{time_total}' "$url" 2>/dev/null || printf '000 0'
}

classify() {
  local code="$1"
  case "$code" in
    2??|3??) echo "UP" ;;
    401|403) echo "UP-AUTH" ;;
    000) echo "DOWN" ;;
    *) echo "ERROR" ;;
  esac
}

main() {
  mkdir -p "$REPORT_DIR" "$CACHE_DIR"
  local stamp report up=0 down=0 i
  stamp="$(date +%Y%m%d_%H%M)"
  report="$REPORT_DIR/camera_health_$stamp.tsv"
  printf 'camera\tcode\tlatency_s\tstate\n' > "$report"

  for ((i = 1; i <= CAM_COUNT; i++)); do
    local host url result code latency state
    host="$(cam_host "$i")"
    url="https://${host}${STATUS_PATH}"
    debug "probing $url"
    result="$(probe "$url")"
    code="${result%% *}"
    latency="${result##* }"
    state="$(classify "$code")"
    printf '%s\t%s\t%s\t%s\n' "$host" "$code" "$latency" "$state" >> "$report"
    printf '%s %s\n' "$host" "$state" > "$CACHE_DIR/$host.last"
    if [[ "$state" == UP* ]]; then up=$((up + 1)); else down=$((down + 1)); fi
  done

  {
    echo "# checked from $(hostname) running $(host_os)"
    echo "# up=$up down=$down at $(date -u +%FT%TZ)"
  } >> "$report"

  rm -rf -- "$CACHE_DIR"
  echo "report: $report (up=$up, down=$down)"
  [[ "$down" -eq 0 ]]
}

main
