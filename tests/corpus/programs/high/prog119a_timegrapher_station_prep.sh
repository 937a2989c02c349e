#!/usr/bin/env bash
# timegrapher_station_prep.sh - get the bench PC ready for a timegrapher
# session. The acoustic beat analysis is sensitive to clock drift and to the
# USB microphone dropping samples, so before regulating movements we:
#   * pin the CPU frequency governor to "performance"
#   * stop USB autosuspend on the pickup microphone
#   * make sure chrony is synchronised (rate readings are in s/day)
#
#   ./timegrapher_station_prep.sh [--mic-id 0d8c:0014] [--restore]
set -euo pipefail

MIC_ID="${TG_MIC_ID:-0d8c:0014}"   # C-Media based pickup amplifier
RESTORE=0
STATE_FILE="./.tg_station_state"

while [ $# -gt 0 ]; do
  case "$1" in
    --mic-id) MIC_ID="$2"; shift 2 ;;
    --restore) RESTORE=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

msg() { echo "[tg-prep] $*"; }

as_root_write() {
  # $1 = value, rest = sysfs files
  local value="$1"; shift
  printf '%s\n' "$value" | sudo tee "$@" >/dev/null
}

set_governor() {
  local gov="$1" files
  files=(/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor)
  [ -e "${files[0]}" ] || { msg "no cpufreq interface, skipping governor"; return 0; }
  if [ "$RESTORE" -eq 0 ] && [ ! -f "$STATE_FILE" ]; then
    echo "governor=$(cat "${files[0]}")" > "$STATE_FILE"
  fi
  as_root_write "$gov" "${files[@]}"
  msg "cpu governor -> $gov"
}

mic_power() {
  local mode="$1" vid="${MIC_ID%%:*}" pid="${MIC_ID##*:}" dev found=0
  for dev in /sys/bus/usb/devices/*; do
    [ -f "$dev/idVendor" ] || continue
    if [ "$(cat "$dev/idVendor")" = "$vid" ] && [ "$(cat "$dev/idProduct")" = "$pid" ]; then
      as_root_write "$mode" "$dev/power/control"
      msg "usb power/control for $MIC_ID ($(basename "$dev")) -> $mode"
      found=1
    fi
  done
  [ "$found" -eq 1 ] || msg "pickup microphone $MIC_ID not plugged in"
}

sync_clock() {
  if ! command -v chronyc >/dev/null; then
    msg "chrony not installed; rate readings may drift"
    return 0
  fi
  if ! chronyc tracking >/dev/null 2>&1; then
    sudo systemctl restart chrony 2>/dev/null || sudo systemctl restart chronyd
    sleep 3
  fi
  sudo chronyc makestep >/dev/null || true
  local offset
  offset="$(chronyc tracking | awk -F': ' '/System time/ {print $2}')"
  msg "system clock offset: ${offset:-unknown}"
}

if [ "$RESTORE" -eq 1 ]; then
  prev="ondemand"
  [ -f "$STATE_FILE" ] && prev="$(sed -n 's/^governor=//p' "$STATE_FILE")"
  set_governor "${prev:-ondemand}"
  mic_power auto
  rm -f "$STATE_FILE"
  msg "station restored"
  exit 0
fi

sudo -v || { msg "sudo is required for the sysfs settings"; exit 1; }
set_governor performance
mic_power on
sync_clock
msg "ready - let the movement settle 2 minutes in each position before reading"
