#!/usr/bin/env bash
# Quick health sweep of the guest Wi-Fi access points, one per floor and
# one per themed wing. Writes a dated log in ./logs and a short summary.
set -uo pipefail

AP_LIST="${AP_LIST:-./access_points.txt}"
LOG_DIR="${LOG_DIR:-./logs}"
TIMEOUT="${TIMEOUT:-5}"
DOMAIN_PARTS=(wifi hotel example com)
DEFAULT_APS=(ap-lobby ap-f1 ap-f2 ap-f3 ap-jungle ap-arctic ap-space)
SLOW_MS="${SLOW_MS:-800}"

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/ap-health-$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG_FILE"; }

domain() {
  local IFS=.
  echo "${DOMAIN_PARTS[*]}"
}

host_info() {
  local name="unknown"
  if [[ -r /etc/os-release ]]; then
    name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
  fi
  printf 'checker host %s (%s)\n' "$(hostname -s)" "$name"
}

ap_names() {
  if [[ -r "$AP_LIST" ]]; then
    grep -Ev '^\s*(#|$)' "$AP_LIST"
  else
    printf '%s\n' "${DEFAULT_APS[@]}"
  fi
}

probe() {
  # prints "<http_code> <ms>"
  local url="$1" out
  out="$(curl -s -o /dev/null -I --max-time "$TIMEOUT" \
        -w '%{http_code} %{time_total}' "$url")" || true
  awk '{ printf "%s %d\n", $1, $2 * 1000 }' <<<"${out:-000 0}"
}

classify() {
  local code="$1" ms="$2"
  if [[ "$code" != 2* && "$code" != 3* ]]; then
    echo DOWN
  elif (( ms > SLOW_MS )); then
    echo SLOW
  else
    echo OK
  fi
}

main() {
  local ap url code ms state
  declare -A tally=([OK]=0 [SLOW]=0 [DOWN]=0)
  log "$(host_info)"
  while IFS= read -r ap; do
    url="https://$ap.$(domain)/health"
    read -r code ms < <(probe "$url")
    state="$(classify "$code" "$ms")"
    tally[$state]=$(( ${tally[$state]} + 1 ))
    log "$state $ap code=$code ${ms}ms"
    [[ "$state" == OK ]] || printf '%-5s %-12s code=%s %sms\n' "$state" "$ap" "$code" "$ms"
  done < <(ap_names)
  printf 'ok=%d slow=%d down=%d (log: %s)\n' \
    "${tally[OK]}" "${tally[SLOW]}" "${tally[DOWN]}" "$LOG_FILE"
  (( tally[DOWN] == 0 ))
}

main "$@"
