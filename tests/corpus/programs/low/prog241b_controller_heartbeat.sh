#!/usr/bin/env bash
# controller_heartbeat.sh - morning heartbeat check of the guillotine
# controllers' web panels before the first shift starts cutting.
#
# Sends a HEAD request to each controller's panel, notes the response code
# and time, and writes a dated report under ./reports. The report also
# carries a base64 copy of the raw response headers for the vendor's
# support form, which only accepts single-line fields.
#
# usage: controller_heartbeat.sh [-t timeout] [-c "G1=203.0.113.21 ..."]

set -u

TIMEOUT=5
CONTROLLERS=("G1=203.0.113.21" "G2=203.0.113.22" "G3=203.0.113.23")
PANEL_PATH="/panel/"
REPORT_DIR="$PWD/reports"

while getopts ":t:c:" o; do
  case "$o" in
    t) TIMEOUT="$OPTARG" ;;
    c) read -r -a CONTROLLERS <<< "$OPTARG" ;;
    *) echo "usage: $0 [-t timeout] [-c \"NAME=ip ...\"]" >&2; exit 1 ;;
  esac
done

say() { printf '%s %s\n' "$(date '+%T')" "$*"; }

host_cpu() {
  local model
  model="$(grep -m1 -E '^(model name|Hardware|cpu model)' /proc/cpuinfo 2>/dev/null \
            | cut -d: -f2- | sed 's/^ *//')"
  printf '%s' "${model:-unknown cpu}"
}

panel_url() {
  local ip="$1"
  printf 'http://%s%s' "$ip" "$PANEL_PATH"
}

probe() {
  # prints: code seconds, and leaves raw headers in the named file
  local url="$1" hdr="$2"
  curl -s -I --max-time "$TIMEOUT" -o "$hdr" \
       -w '%{http_code} %{time_total}' "$url" 2>/dev/null || printf '000 %s' "$TIMEOUT"
}

main() {
  case "$TIMEOUT" in ''|*[!0-9]*) say "timeout must be whole seconds"; exit 1 ;; esac
  mkdir -p "$REPORT_DIR"
  local report="$REPORT_DIR/heartbeat-$(date +%Y%m%d-%H%M).txt"
  local hdr="$REPORT_DIR/.last_headers"
  local entry name ip url result code secs b64 down=0

  {
    echo "heartbeat report $(date -Iseconds)"
    echo "checked from: $(hostname) ($(host_cpu))"
    echo
  } > "$report"

  for entry in "${CONTROLLERS[@]}"; do
    name="${entry%%=*}"
    ip="${entry#*=}"
    url="$(panel_url "$ip")"
    : > "$hdr"
    result="$(probe "$url" "$hdr")"
    code="${result%% *}"
    secs="${result#* }"
    b64="$(base64 -w0 < "$hdr")"
    if [ "$code" = "200" ] || [ "$code" = "401" ]; then
      say "$name ($ip) up: HTTP $code in ${secs}s"
    else
      say "$name ($ip) DOWN: HTTP $code"
      down=$((down + 1))
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$ip" "$code" "$secs" "$b64" >> "$report"
  done
  rm -f "$hdr"

  say "report written to $report"
  [ "$down" -eq 0 ] || say "$down controller(s) need attention"
  [ "$down" -eq 0 ]
}

main
