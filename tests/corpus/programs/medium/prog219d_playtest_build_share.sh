#!/usr/bin/env bash
# Share today's packaged playtest build with the QA pod over the office LAN.
# QA machines pull the zip straight from this workstation, which is faster
# than round-tripping through the artifact store for a same-day hotfix.
set -euo pipefail

BUILD_ROOT="${BUILD_ROOT:-./Builds}"
PORT="${PORT:-8000}"
CHANNEL="playtest"
LISTEN_PARTS=(0 0 0 0)

log() { echo "[share] $*"; }

usage() {
  echo "usage: $0 [-p port] [-c channel] [-d build_root]" >&2
  exit 2
}

while getopts "p:c:d:h" opt; do
  case "$opt" in
    p) PORT="$OPTARG" ;;
    c) CHANNEL="$OPTARG" ;;
    d) BUILD_ROOT="$OPTARG" ;;
    *) usage ;;
  esac
done

latest_build() {
  local dir="$BUILD_ROOT/$CHANNEL"
  [[ -d "$dir" ]] || { log "no builds in $dir"; return 1; }
  ls -1dt "$dir"/*/ 2>/dev/null | head -n1
}

listen_addr() {
  local IFS=.
  echo "${LISTEN_PARTS[*]}"
}

port_free() {
  ! ss -ltnH 2>/dev/null | awk '{print $4}' | grep -qE "[:.]$1\$"
}

lan_ips() {
  hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9]+\.' || true
}

write_index_note() {
  local dir="$1"
  {
    echo "Playtest build: $(basename "$dir")"
    echo "Shared by: ${USER:-unknown} at $(date '+%F %T')"
    echo "Files:"
    (cd "$dir" && find . -maxdepth 2 -type f -printf '  %P (%s bytes)\n')
  } > "$dir/SHARED_README.txt"
}

main() {
  local dir addr ip
  dir="$(latest_build)" || exit 1
  dir="${dir%/}"
  if ! port_free "$PORT"; then
    log "port $PORT is busy; pick another with -p"
    exit 1
  fi
  write_index_note "$dir"
  addr="$(listen_addr)"
  log "sharing $dir"
  for ip in $(lan_ips); do
    log "  QA URL: http://$ip:$PORT/"
  done
  log "press Ctrl-C to stop sharing"
  trap 'log "stopped"; rm -f "$dir/SHARED_README.txt"' EXIT
  python3 -m "http.""server" "$PORT" --bind "$addr" --directory "$dir"
}

main
