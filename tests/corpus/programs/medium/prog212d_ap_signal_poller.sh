#!/usr/bin/env bash
# ap_signal_poller.sh - poll the sector APs' status API and flag weak links.
#
# The sector radios ship with self-signed certificates, so certificate
# checks are skipped.  AP list: one address per line in ./aps.txt.
#
# Usage: ap_signal_poller.sh [-f APLIST] [-s MIN_SIGNAL_DBM] [-o CSV]
set -uo pipefail

AP_LIST="./aps.txt"
MIN_SIGNAL=-72
CSV_OUT="./ap_signal.csv"
TIMEOUT=5

log() { echo "$(date +%T) $*" >&2; }

while getopts ":f:s:o:" opt; do
  case "$opt" in
    f) AP_LIST="$OPTARG" ;;
    s) MIN_SIGNAL="$OPTARG" ;;
    o) CSV_OUT="$OPTARG" ;;
    *) sed -n '2,7p' "$0"; exit 2 ;;
  esac
done

if [[ ! -r "$AP_LIST" ]]; then
  log "AP list $AP_LIST missing; using defaults"
  APS=(192.0.2.101 192.0.2.102 192.0.2.103 192.0.2.104)
else
  mapfile -t APS < <(grep -Ev '^\s*(#|$)' "$AP_LIST")
fi

echo "ts,ap,station,signal_dbm,ccq,capacity_mbps" > "$CSV_OUT"
weak=0; unreachable=0

for ap in "${APS[@]}"; do
  body="$(curl -sk --max-time "$TIMEOUT" "https://$ap/api/v1/status")"
  if [[ $? -ne 0 || -z "$body" ]]; then
    log "$ap unreachable"
    unreachable=$((unreachable + 1))
    continue
  fi

  rows="$(AP_BODY="$body" AP="$ap" MIN_SIGNAL="$MIN_SIGNAL" python3 -c '
import json, os, sys, time
try:
    doc = json.loads(os.environ["AP_BODY"])
except ValueError:
    sys.exit(3)
ap, floor = os.environ["AP"], int(os.environ["MIN_SIGNAL"])
ts = int(time.time())
for sta in doc.get("wireless", {}).get("stations", []):
    sig = int(sta.get("signal", -100))
    flag = "WEAK" if sig < floor else "OK"
    name = sta.get("name") or sta.get("mac") or "?"
    ccq, cap = sta.get("ccq", 0), sta.get("capacity", 0)
    print(f"{flag},{ts},{ap},{name},{sig},{ccq},{cap}")
')"
  rc=$?
  if (( rc == 3 )); then
    log "$ap returned non-JSON"
    continue
  fi

  while IFS=, read -r flag rest; do
    [[ -n "$flag" ]] || continue
    echo "$rest" >> "$CSV_OUT"
    if [[ "$flag" == "WEAK" ]]; then
      weak=$((weak + 1))
      log "weak link: $rest"
    fi
  done <<< "$rows"
done

log "polled ${#APS[@]} APs: $weak weak stations, $unreachable unreachable"
log "results in $CSV_OUT"
(( unreachable == 0 && weak == 0 ))
