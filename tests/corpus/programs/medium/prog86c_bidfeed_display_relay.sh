#!/usr/bin/env bash
# bidfeed_display_relay.sh - relay the live bid feed from the auctioneer's
# console to the saleroom displays and the phone-bid desk.
#
# The clerk console publishes bids on a TLS socket; the display boards and
# the phone desk only speak plain TCP, so we terminate TLS here and fan the
# stream out on a local port.
#
# usage: bidfeed_display_relay.sh [-c relay.conf] [-p listen_port] [-f]
set -u

CONF="${BIDFEED_CONF:-./relay.conf}"
LISTEN_PORT=7400
UPSTREAM="clerk-console.saleroom.lan:7443"
RUNDIR="/tmp/bidfeed"
FOREGROUND=0

log() { printf '%s [relay] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { log "fatal: $*"; exit 1; }

while getopts ":c:p:f" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    p) LISTEN_PORT="$OPTARG" ;;
    f) FOREGROUND=1 ;;
    *) echo "usage: $0 [-c conf] [-p port] [-f]" >&2; exit 2 ;;
  esac
done

if [[ -f "$CONF" ]]; then
  # shellcheck disable=SC1090
  . "$CONF"
  log "loaded $CONF"
fi

command -v socat >/dev/null || die "socat not installed"
mkdir -p "$RUNDIR"

wait_for_console() {
  local tries=0
  until curl -sk --max-time 5 "https://${UPSTREAM%%:*}/health" >/dev/null; do
    tries=$((tries + 1))
    [[ $tries -ge 12 ]] && return 1
    log "clerk console not answering, retry $tries"
    sleep 5
  done
}

start_relay() {
  log "relaying $UPSTREAM -> 0.0.0.0:$LISTEN_PORT"
  socat -d -lf "$RUNDIR/socat.log" \
    "TCP-LISTEN:${LISTEN_PORT},bind=0.0.0.0,reuseaddr,fork" \
    "OPENSSL:${UPSTREAM},verify=0" &
  echo $! > "$RUNDIR/relay.pid"
}

stop_all() {
  log "stopping"
  [[ -f "$RUNDIR/relay.pid" ]] && kill "$(cat "$RUNDIR/relay.pid")" 2>/dev/null
  rm -f "$RUNDIR/relay.pid"
}
trap stop_all EXIT INT TERM

wait_for_console || die "clerk console unreachable at $UPSTREAM"
start_relay

if [[ $FOREGROUND -eq 1 ]]; then
  tail -F "$RUNDIR/socat.log"
else
  wait "$(cat "$RUNDIR/relay.pid")"
fi
