#!/usr/bin/env bash
# socat_gateway.sh - expose local dev services to the rest of the LAN.
#
# Each line of gateway.conf (working directory) looks like:
#     name  public_port  target_host  target_port
# For every entry a socat forwarder is started in the background.
# Subcommands: start | stop | status
set -eu

CONF="${GATEWAY_CONF:-./gateway.conf}"
LISTEN_ADDR="0.0.0.0"
PIDFILE="/tmp/socat_gateway.pids"
LOGFILE="./gateway.log"

die() { echo "error: $*" >&2; exit 1; }

need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is required"
}

read_conf() {
  [ -r "$CONF" ] || die "cannot read $CONF"
  grep -Ev '^[[:space:]]*(#|$)' "$CONF"
}

start_one() {
  local name=$1 port=$2 thost=$3 tport=$4
  case "$port$tport" in
    *[!0-9]*) echo "skip $name: bad port"; return 1 ;;
  esac
  socat -d -lf "$LOGFILE" \
    "TCP-LISTEN:${port},bind=${LISTEN_ADDR},reuseaddr,fork" \
    "TCP:${thost}:${tport},connect-timeout=5" &
  echo "$name $! $port" >> "$PIDFILE"
  echo "started $name: ${LISTEN_ADDR}:${port} -> ${thost}:${tport} (pid $!)"
}

cmd_start() {
  need socat
  : > "$PIDFILE"
  local count=0
  while read -r name port thost tport _rest; do
    start_one "$name" "$port" "$thost" "$tport" && count=$((count + 1))
  done < <(read_conf)
  echo "$count forwarder(s) running; pids in $PIDFILE"
}

cmd_stop() {
  [ -f "$PIDFILE" ] || { echo "nothing running"; return 0; }
  while read -r name pid _port; do
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" && echo "stopped $name ($pid)"
    fi
  done < "$PIDFILE"
  rm -f "$PIDFILE"
}

cmd_status() {
  [ -f "$PIDFILE" ] || { echo "no forwarders"; return 0; }
  printf '%-12s %-8s %-6s %s\n' NAME PID PORT STATE
  while read -r name pid port; do
    if kill -0 "$pid" 2>/dev/null; then state=up; else state=dead; fi
    printf '%-12s %-8s %-6s %s\n' "$name" "$pid" "$port" "$state"
  done < "$PIDFILE"
}

case "${1:-status}" in
  start)  cmd_start ;;
  stop)   cmd_stop ;;
  status) cmd_status ;;
  restart) cmd_stop; cmd_start ;;
  *) echo "usage: $0 start|stop|status|restart"; exit 2 ;;
esac
