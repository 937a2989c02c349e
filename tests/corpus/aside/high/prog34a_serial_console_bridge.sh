#!/usr/bin/env bash
# serial_console_bridge.sh - ser2net-style bridge for the lab's USB serial
# adapters, so router consoles can be reached with `nc localhost 7001`.
#
# bridges.list (working directory):  <tcp_port> <device> <baud>
#     7001 /dev/ttyUSB0 115200
#     7002 /dev/ttyUSB1 9600
set -euo pipefail

LIST="${BRIDGES_LIST:-./bridges.list}"
RUNDIR="./run"
LISTEN="127.0.0.1"
OWNER="$(id -un)"

msg() { printf '%s %s\n' "$(date +%T)" "$*"; }
fail() { msg "ERROR: $*" >&2; exit 1; }

prepare_device() {
  local dev=$1 baud=$2
  [[ $dev == /dev/tty* ]] || fail "refusing non-tty device $dev"
  [[ -c $dev ]] || { msg "skip $dev: not present"; return 1; }
  if [[ ! -r $dev || ! -w $dev ]]; then
    msg "taking ownership of $dev for $OWNER"
    sudo chown "$OWNER":dialout "$dev"
    sudo chmod 0660 "$dev"
  fi
  stty -F "$dev" "$baud" cs8 -cstopb -parenb raw -echo -ixon
}

start_bridge() {
  local port=$1 dev=$2 baud=$3 pidf
  pidf="$RUNDIR/bridge-$port.pid"
  if [[ -f $pidf ]] && kill -0 "$(cat "$pidf")" 2>/dev/null; then
    msg "port $port already bridged"
    return 0
  fi
  prepare_device "$dev" "$baud" || return 1
  socat "TCP-LISTEN:$port,bind=$LISTEN,reuseaddr" \
        "FILE:$dev,b$baud,raw,echo=0,nonblock" \
        >>"$RUNDIR/bridge-$port.log" 2>&1 &
  echo $! > "$pidf"
  msg "bridge $LISTEN:$port <-> $dev @ $baud (pid $!)"
}

stop_all() {
  shopt -s nullglob
  for pidf in "$RUNDIR"/bridge-*.pid; do
    pid=$(cat "$pidf")
    kill "$pid" 2>/dev/null && msg "stopped pid $pid"
    rm -f "$pidf"
  done
}

status() {
  shopt -s nullglob
  for pidf in "$RUNDIR"/bridge-*.pid; do
    port=${pidf##*bridge-}; port=${port%.pid}
    if kill -0 "$(cat "$pidf")" 2>/dev/null; then
      echo "$port up"
    else
      echo "$port dead"
    fi
  done
}

main() {
  command -v socat >/dev/null || fail "socat not installed"
  mkdir -p "$RUNDIR"
  case "${1:-start}" in
    start)
      [[ -r $LIST ]] || fail "no $LIST"
      while read -r port dev baud; do
        [[ -z ${port:-} || $port == \#* ]] && continue
        start_bridge "$port" "$dev" "${baud:-115200}" || true
      done < "$LIST"
      ;;
    stop) stop_all ;;
    status) status ;;
    *) echo "usage: $0 [start|stop|status]"; exit 2 ;;
  esac
}

main "$@"
