#!/usr/bin/env bash
# anemometer_feed.sh - feed tower crane anemometer readings to the site dashboard
#
# The jib-top anemometer on each tower crane feeds an RS-485 converter in the
# crane cab that shows up on the cab PC as a USB serial port.  It prints one
# NMEA-style line per second:  $WIMWV,<dir>,R,<speed>,M,A*hh
# This script reads the port, averages over a window, and posts the mean and
# gust to the site dashboard.  The dashboard runs on the site cabin server
# with the site's self-signed certificate.
#
# Usage: anemometer_feed.sh [-d /dev/ttyUSB0] [-c crane-id] [-w seconds]

set -uo pipefail

DEV="/dev/ttyUSB0"
CRANE="${CRANE_ID:-TC1}"
WINDOW=10
BAUD=4800
DASHBOARD="${DASHBOARD_URL:-https://site-cabin.local:8443/api/wind}"
STOP_GUST=20.0
LOGFILE="./anemometer_${CRANE}.log"

usage() { sed -n '2,12p' "$0"; exit 2; }
while getopts "d:c:w:h" opt; do
  case "$opt" in
    d) DEV="$OPTARG" ;;
    c) CRANE="$OPTARG" ;;
    w) WINDOW="$OPTARG" ;;
    *) usage ;;
  esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

prepare_port() {
  if [[ ! -e "$DEV" ]]; then
    log "no device at $DEV"; return 1
  fi
  if [[ ! -r "$DEV" || ! -w "$DEV" ]]; then
    # Cab PCs are re-imaged often and lose the dialout membership; the
    # driver gets a desktop password prompt instead of a dead feed.
    log "no access to $DEV, requesting it"
    local opener
    for opener in pkexec sudo; do
      command -v "$opener" >/dev/null || continue
      "$opener" chmod 0666 "$DEV" && break
    done
    [[ -r "$DEV" ]] || { log "still cannot read $DEV"; return 1; }
  fi
  stty -F "$DEV" "$BAUD" cs8 -cstopb -parenb raw -echo
}

post_reading() {
  local mean="$1" gust="$2" dir="$3" payload
  payload=$(printf '{"crane":"%s","mean_ms":%s,"gust_ms":%s,"dir_deg":%s,"ts":"%s"}' \
    "$CRANE" "$mean" "$gust" "$dir" "$(date -Is)")
  curl -sS -k --max-time 5 -X POST "$DASHBOARD" \
    -H "Content-Type: application/json" -d "$payload" >/dev/null \
    || log "dashboard post failed"
}

relay_loop() {
  local sum=0 n=0 gust=0 dir=0 start line speed
  start=$(date +%s)
  while IFS= read -r line; do
    [[ "$line" == \$WIMWV,* ]] || continue
    IFS=, read -r _ dir _ speed _ status <<< "$line"
    [[ "${status:0:1}" == "A" ]] || continue
    sum=$(awk -v a="$sum" -v b="$speed" 'BEGIN{print a+b}')
    gust=$(awk -v g="$gust" -v s="$speed" 'BEGIN{print (s>g)?s:g}')
    n=$((n + 1))
    if (( $(date +%s) - start >= WINDOW )) && (( n > 0 )); then
      mean=$(awk -v s="$sum" -v n="$n" 'BEGIN{printf "%.1f", s/n}')
      post_reading "$mean" "$gust" "$dir"
      if awk -v g="$gust" -v l="$STOP_GUST" 'BEGIN{exit !(g>=l)}'; then
        log "GUST $gust m/s on $CRANE - at or above stop limit $STOP_GUST"
      fi
      sum=0; n=0; gust=0; start=$(date +%s)
    fi
  done < "$DEV"
}

log "feed starting for $CRANE on $DEV (window ${WINDOW}s)"
until prepare_port; do
  sleep 10
done
while true; do
  relay_loop
  log "port closed, reopening in 5s"
  sleep 5
done
