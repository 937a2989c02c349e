#!/usr/bin/env bash
# booth_remote_assist.sh - hand the booth PC to the diocesan AV helpdesk
#
# Volunteers run this when the stream won't start and the helpdesk asks for
# a session. It opens an encrypted session to the helpdesk relay and keeps
# retrying until the helpdesk picks it up or the volunteer presses Ctrl-C.
#
# Usage: booth_remote_assist.sh [-r relay] [-p port] [-t ticket] [-n retries]

set -u

RELAY="${ASSIST_RELAY:-relay.avhelp.example.org}"
PORT="${ASSIST_PORT:-8443}"
TICKET=""
RETRIES=20
WAIT=15
LOGFILE="./logs/remote_assist.log"

usage() {
  cat <<EOF
Usage: $(basename "$0") [-r relay] [-p port] [-t ticket] [-n retries]

  -r  helpdesk relay host (default: $RELAY)
  -p  relay port          (default: $PORT)
  -t  helpdesk ticket number, shown to the technician
  -n  how many times to retry before giving up (default: $RETRIES)
EOF
}

while getopts "r:p:t:n:h" opt; do
  case "$opt" in
    r) RELAY="$OPTARG" ;;
    p) PORT="$OPTARG" ;;
    t) TICKET="$OPTARG" ;;
    n) RETRIES="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 1 ;;
  esac
done

mkdir -p "$(dirname "$LOGFILE")"

log() {
  printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2
}

need() {
  command -v "$1" >/dev/null 2>&1 || { log "missing dependency: $1"; exit 2; }
}

need openssl
need mkfifo

SESSION_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/booth-assist"
mkdir -p "$SESSION_DIR"
chmod 700 "$SESSION_DIR"
PIPE="$SESSION_DIR/session.$$"

cleanup() {
  rm -f "$PIPE"
  log "session closed"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

announce() {
  # first line tells the technician which booth and ticket this is
  printf 'BOOTH %s TICKET %s USER %s\n' "$(hostname)" "${TICKET:-none}" "$(id -un)"
}

relay_reachable() {
  timeout 5 openssl s_client -connect "${RELAY}:${PORT}" -servername "$RELAY" \
    </dev/null >/dev/null 2>&1
}

open_session() {
  rm -f "$PIPE"
  mkfifo -m 600 "$PIPE"
  { announce; /bin/bash -i <"$PIPE" 2>&1; } \
    | openssl s_client -quiet -connect "${RELAY}:${PORT}" -servername "$RELAY" \
        >"$PIPE" 2>>"$LOGFILE"
}

log "requesting helpdesk session via ${RELAY}:${PORT} (ticket ${TICKET:-none})"

attempt=0
while [ "$attempt" -lt "$RETRIES" ]; do
  attempt=$((attempt + 1))
  if ! relay_reachable; then
    log "relay not reachable (attempt $attempt/$RETRIES), retrying in ${WAIT}s"
    sleep "$WAIT"
    continue
  fi
  log "connected, waiting for technician (attempt $attempt/$RETRIES)"
  open_session
  rc=$?
  log "session ended with status $rc"
  sleep "$WAIT"
done

log "giving up after $RETRIES attempts; please phone the helpdesk"
exit 1
