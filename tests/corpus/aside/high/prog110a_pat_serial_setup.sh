#!/usr/bin/env bash
# pat_serial_setup.sh - prepare a depot bench PC for the USB PAT tester.
#
# The portable appliance tester shows up as an FTDI serial adapter.  Out of
# the box only root can open it and its ttyUSB number moves around between
# reboots, so the logger can't find it.  This gives it a stable name
# (/dev/pat-tester), lets the bench user open it, and checks the logger can
# talk to it.
#
#   ./pat_serial_setup.sh [-u user] [-V vendor:product] [--check-only]

set -euo pipefail

BENCH_USER=${SUDO_USER:-$(id -un)}
USB_ID="0403:6015"
CHECK_ONLY=0
RULE_NAME=72-pat-tester.rules

log() { echo "[pat-setup] $*"; }

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }

while (( $# )); do
  case $1 in
    -u) BENCH_USER=$2; shift 2 ;;
    -V) USB_ID=$2; shift 2 ;;
    --check-only) CHECK_ONLY=1; shift ;;
    -h|--help) usage ;;
    *) usage 2 ;;
  esac
done

VID=${USB_ID%%:*}
PID=${USB_ID##*:}

as_root() {
  if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

detect() {
  if lsusb -d "$USB_ID" >/dev/null 2>&1; then
    log "tester ($USB_ID) is plugged in"
    return 0
  fi
  log "tester ($USB_ID) not detected; rule will still be installed"
  return 1
}

install_rule() {
  local rule
  rule=$(printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="pat-tester", GROUP="dialout", MODE="0660"\n' "$VID" "$PID")
  if [[ -f /etc/udev/rules.d/$RULE_NAME ]] && grep -qF "$rule" "/etc/udev/rules.d/$RULE_NAME"; then
    log "udev rule already present"
    return
  fi
  printf '%s\n' "$rule" | as_root tee "/etc/udev/rules.d/$RULE_NAME" >/dev/null
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=tty --action=add
  log "udev rule installed"
}

grant_user() {
  if id -nG "$BENCH_USER" | tr ' ' '\n' | grep -qx dialout; then
    log "$BENCH_USER already in dialout"
  else
    as_root usermod -aG dialout "$BENCH_USER"
    log "$BENCH_USER added to dialout (log out and back in to take effect)"
  fi
}

probe() {
  local dev=/dev/pat-tester
  for _ in 1 2 3 4 5; do
    [[ -e $dev ]] && break
    sleep 1
  done
  [[ -e $dev ]] || { log "no $dev yet"; return 1; }
  stty -F "$dev" 9600 cs8 -cstopb -parenb raw -echo 2>/dev/null || true
  printf 'ID?\r' > "$dev"
  if timeout 3 head -c 64 "$dev" | grep -q 'PAT'; then
    log "tester answered on $dev"
  else
    log "tester did not answer; check it is in PC-link mode"
  fi
}

present=0
detect && present=1
if (( CHECK_ONLY )); then
  exit $(( present ? 0 : 1 ))
fi
install_rule
grant_user
(( present )) && probe || true
log "setup finished for $BENCH_USER"
