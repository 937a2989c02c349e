#!/usr/bin/env bash
# shore_power_watchdog.sh - keep the shore power meter collector alive.
#
# The collector polls the pedestal meters over Modbus and exposes
# /healthz on localhost.  When the health endpoint stops answering or the
# last reading is stale, restart the unit and record what happened.
#
#   ./shore_power_watchdog.sh [-u UNIT] [-m MAX_AGE_S] [--check-only]
set -o errexit -o nounset -o pipefail

UNIT="shorepower-collector.service"
HEALTH_URL="http://127.0.0.1:9102/healthz"
MAX_AGE=300
CHECK_ONLY=0
STATE_DIR="./watchdog"
mkdir -p "$STATE_DIR"
EVENTS="$STATE_DIR/events.log"

while (($#)); do
  case "$1" in
    -u) UNIT="$2"; shift 2 ;;
    -m) MAX_AGE="$2"; shift 2 ;;
    --check-only) CHECK_ONLY=1; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

event() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$EVENTS" >&2; }

probe() {
  local body age
  body="$(curl -fsS --max-time 5 "$HEALTH_URL" 2>/dev/null)" || return 1
  age="$(jq -r '.last_reading_age_s // 99999' <<<"$body")"
  if (( ${age%.*} > MAX_AGE )); then
    event "collector answering but last reading is ${age}s old"
    return 1
  fi
  jq -r '"pedestals online: \(.pedestals_online)/\(.pedestals_total)"' <<<"$body"
}

unit_state() {
  systemctl is-active "$UNIT" 2>/dev/null || true
}

restart_unit() {
  local ctl=(systemctl)
  (( EUID == 0 )) || ctl=(sudo -n systemctl)
  event "restarting $UNIT (state: $(unit_state))"
  if ! "${ctl[@]}" restart "$UNIT"; then
    event "restart of $UNIT failed"
    return 1
  fi
  sleep 10
}

recent_journal() {
  journalctl -u "$UNIT" --since "-15min" --no-pager -o short-iso 2>/dev/null \
    | tail -n 40 > "$STATE_DIR/journal-$(date +%Y%m%d-%H%M).txt" || true
}

if probe; then
  exit 0
fi

event "health probe failed for $UNIT"
recent_journal
(( CHECK_ONLY )) && exit 1

for attempt in 1 2; do
  restart_unit || break
  if probe; then
    event "collector recovered after restart $attempt"
    exit 0
  fi
done
event "collector still unhealthy, paging on-call"
exit 1
