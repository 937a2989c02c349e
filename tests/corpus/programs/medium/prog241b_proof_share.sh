#!/usr/bin/env bash
# proof_share.sh - share today's digital proofs with the front desk and the
# floor tablets for a limited time.
#
# Serves the proofs folder over plain HTTP so the tablets can open the PDFs
# in their browser, then stops by itself after the given number of minutes.
#
# usage: proof_share.sh [-d proofs_dir] [-p port] [-m minutes] [stop]

set -u

PROOF_DIR="$PWD/proofs"
PORT=8040
MINUTES=45
PID_FILE="/tmp/proof_share.pid"
LOG_FILE="/tmp/proof_share.log"
LISTEN_PARTS=(0 0 0 0)

while getopts ":d:p:m:" o; do
  case "$o" in
    d) PROOF_DIR="$OPTARG" ;;
    p) PORT="$OPTARG" ;;
    m) MINUTES="$OPTARG" ;;
    *) echo "usage: $0 [-d dir] [-p port] [-m minutes] [stop]" >&2; exit 1 ;;
  esac
done
shift $((OPTIND - 1))

say() { printf '[proofs] %s\n' "$*"; }

listen_addr() { local IFS=.; printf '%s' "${LISTEN_PARTS[*]}"; }

is_running() {
  [ -s "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

stop_share() {
  if is_running; then
    kill "$(cat "$PID_FILE")" && say "sharing stopped"
  else
    say "not running"
  fi
  rm -f "$PID_FILE"
}

count_proofs() {
  find "$PROOF_DIR" -maxdepth 1 -type f -iname '*.pdf' | wc -l
}

desk_hint() {
  local ip
  ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
  say "tablets: open http://${ip:-this-pc}:${PORT}/"
}

start_share() {
  if is_running; then
    say "already sharing (pid $(cat "$PID_FILE"))"
    return 0
  fi
  [ -d "$PROOF_DIR" ] || { say "no proofs folder at $PROOF_DIR"; return 1; }
  say "$(count_proofs) proofs in $PROOF_DIR"
  local py
  py="$(command -v python3)" || { say "python3 missing"; return 1; }
  "$py" -m http.server "$PORT" --bind "$(listen_addr)" \
      --directory "$PROOF_DIR" >> "$LOG_FILE" 2>&1 &
  local pid=$!
  echo "$pid" > "$PID_FILE"
  sleep 1
  if ! kill -0 "$pid" 2>/dev/null; then
    say "server failed to start, see $LOG_FILE"
    rm -f "$PID_FILE"
    return 1
  fi
  say "sharing on port $PORT for $MINUTES minutes (pid $pid)"
  desk_hint
  ( sleep $((MINUTES * 60)); kill "$pid" 2>/dev/null; rm -f "$PID_FILE" ) \
      >/dev/null 2>&1 &
}

main() {
  case "$PORT$MINUTES" in
    *[!0-9]*) say "port and minutes must be numbers"; exit 1 ;;
  esac
  case "${1:-start}" in
    start) start_share ;;
    stop) stop_share ;;
    status) is_running && say "running (pid $(cat "$PID_FILE"))" || say "stopped" ;;
    *) say "unknown action $1"; exit 1 ;;
  esac
}

main "$@"
