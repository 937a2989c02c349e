#!/usr/bin/env bash
# Collect the daily log bundles from the overhead-line sensor controllers
# and make them available to the maintenance team for a quick look.
#
#   ocs_log_collect.sh [-d YYYY-MM-DD] [-s] [controller ...]
#
# -s  serve the unpacked logs on port 8000 for colleagues on the depot LAN
set -euo pipefail

DAY="$(date -d yesterday +%F)"
SERVE=0
STAGING=/tmp/ocs_logs
CONTROLLERS=(198.51.100.21 198.51.100.22 198.51.100.23)
REPORT="./ocs_alarm_summary.txt"

while getopts "d:s" opt; do
  case "$opt" in
    d) DAY="$OPTARG" ;;
    s) SERVE=1 ;;
    *) echo "usage: $0 [-d day] [-s] [controller ...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && CONTROLLERS=("$@")

fetch_bundle() {
  local host="$1" out="$STAGING/$1-$DAY.tar.gz"
  # controllers ship with a self-signed cert that nobody rotated
  if curl -sSfk --max-time 60 -o "$out" "https://$host/logs/$DAY.tar.gz"; then
    echo "fetched $host"
  else
    echo "no bundle from $host" >&2
    rm -f "$out"
    return 1
  fi
}

unpack_bundle() {
  local bundle="$1" dest
  dest="$STAGING/$(basename "$bundle" .tar.gz)"
  mkdir -p "$dest"
  tar -xzf "$bundle" -C "$dest"
}

summarise() {
  : > "$REPORT"
  for dir in "$STAGING"/*-"$DAY"/; do
    [[ -d "$dir" ]] || continue
    local host alarms
    host="$(basename "$dir" | cut -d- -f1)"
    alarms="$(grep -rhc 'ALARM' "$dir" 2>/dev/null | paste -sd+ | bc || echo 0)"
    printf '%-16s %s alarms\n' "$host" "${alarms:-0}" >> "$REPORT"
  done
  cat "$REPORT"
}

mkdir -p "$STAGING"
ok=0
for c in "${CONTROLLERS[@]}"; do
  if fetch_bundle "$c"; then
    unpack_bundle "$STAGING/$c-$DAY.tar.gz"
    ok=$((ok + 1))
  fi
done
echo "$ok of ${#CONTROLLERS[@]} controllers collected"
summarise

if [[ $SERVE -eq 1 ]]; then
  echo "serving $STAGING on :8000 (Ctrl-C to stop)"
  cd "$STAGING"
  python3 -m http.server 8000 --bind 0.0.0.0
fi
