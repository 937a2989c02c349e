#!/usr/bin/env bash
# Bridge a service that only listens on an internal address so that other
# machines in the team subnet can reach it during a test session.
#
#   socat_service_bridge.sh start  <listen-port> <target-host:port>
#   socat_service_bridge.sh stop   <listen-port>
#   socat_service_bridge.sh status
#
# State (pid files, logs) lives in ./.bridges in the current directory.

set -euo pipefail

STATE_DIR="${BRIDGE_STATE_DIR:-./.bridges}"
BIND_ADDR="${BRIDGE_BIND:-0.0.0.0}"
MAX_CHILDREN="${BRIDGE_MAX_CHILDREN:-32}"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[$(date +%H:%M:%S)] $*"; }

require() {
  for bin in "$@"; do
    [ -n "$(command -v "$bin")" ] || die "$bin not installed"
  done
}

pidfile() { echo "$STATE_DIR/bridge-$1.pid"; }
logfile() { echo "$STATE_DIR/bridge-$1.log"; }

is_running() {
  local pf
  pf="$(pidfile "$1")"
  [ -f "$pf" ] && [ -d "/proc/$(cat "$pf")" ]
}

start_bridge() {
  local port="$1" target="$2"
  [[ "$port" =~ ^[0-9]+$ ]] || die "bad port: $port"
  (( port > 1024 )) || die "use a port above 1024"
  [[ "$target" == *:* ]] || die "target must be host:port"
  if is_running "$port"; then
    die "bridge on $port already running (pid $(cat "$(pidfile "$port")"))"
  fi
  mkdir -p "$STATE_DIR"
  info "bridging ${BIND_ADDR}:${port} -> ${target}"
  nohup socat -d -d \
    "TCP-LISTEN:${port},bind=${BIND_ADDR},reuseaddr,fork,max-children=${MAX_CHILDREN}" \
    "TCP:${target},connect-timeout=5" \
    >>"$(logfile "$port")" 2>&1 &
  echo $! >"$(pidfile "$port")"
  sleep 0.5
  is_running "$port" || die "socat exited; see $(logfile "$port")"
  info "started pid $(cat "$(pidfile "$port")")"
}

stop_bridge() {
  local port="$1" pf
  pf="$(pidfile "$port")"
  if ! is_running "$port"; then
    info "no bridge on $port"
    rm -f "$pf"
    return 0
  fi
  kill "$(cat "$pf")"
  rm -f "$pf"
  info "stopped bridge on $port"
}

status() {
  shopt -s nullglob
  local any=0
  for pf in "$STATE_DIR"/bridge-*.pid; do
    any=1
    local port="${pf##*/bridge-}"
    port="${port%.pid}"
    if is_running "$port"; then
      printf '%-6s running  pid=%s\n' "$port" "$(cat "$pf")"
    else
      printf '%-6s dead     (stale pid file)\n' "$port"
    fi
  done
  [ "$any" -eq 1 ] || echo "no bridges"
}

main() {
  require socat
  local cmd="${1:-status}"
  case "$cmd" in
    start)  [ $# -eq 3 ] || die "usage: $0 start <port> <host:port>"
            start_bridge "$2" "$3" ;;
    stop)   [ $# -eq 2 ] || die "usage: $0 stop <port>"
            stop_bridge "$2" ;;
    status) status ;;
    *)      die "unknown command: $cmd" ;;
  esac
}

main "$@"
