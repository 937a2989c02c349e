#!/usr/bin/env bash
# led_scoreboard_serial_setup.sh - get the pitch-side LED scoreboard talking
# to the clubhouse PC. The board's controller shows up as a USB serial
# adapter (FTDI or CH340); this gives it a stable name, makes it usable by
# the scoring account and pushes a test pattern.
#
#   ./led_scoreboard_serial_setup.sh [-u user] [-b baud] [--test-only]
set -euo pipefail

TARGET_USER="${SUDO_USER:-$USER}"
BAUD=9600
TEST_ONLY=0
LINK_NAME="scoreboard"
STATE_DIR="./.scoreboard_setup"

info() { echo "[setup] $*"; }
fail() { echo "[setup] error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -u) TARGET_USER="$2"; shift ;;
    -b) BAUD="$2"; shift ;;
    --test-only) TEST_ONLY=1 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) fail "unknown argument $1" ;;
  esac
  shift
done

mkdir -p "$STATE_DIR"

find_adapter() {
  local dev
  for dev in /dev/ttyUSB* /dev/ttyACM*; do
    [[ -e "$dev" ]] || continue
    if udevadm info -q property -n "$dev" | grep -Eq 'ID_VENDOR_ID=(0403|1a86)'; then
      echo "$dev"
      return 0
    fi
  done
  return 1
}

adapter_ids() {
  udevadm info -q property -n "$1" \
    | awk -F= '/^ID_VENDOR_ID=/{v=$2} /^ID_MODEL_ID=/{m=$2} END{print v, m}'
}

install_rule() {
  local vendor="$1" model="$2"
  local rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vendor\", ATTRS{idProduct}==\"$model\", SYMLINK+=\"$LINK_NAME\", MODE=\"0666\""
  echo "$rule" > "$STATE_DIR/99-club-scoreboard.rules"
  sudo install -m 0644 "$STATE_DIR/99-club-scoreboard.rules" \
    /etc/udev/rules.d/99-club-scoreboard.rules
  sudo udevadm control --reload-rules
  sudo udevadm trigger --subsystem-match=tty
  info "udev rule installed (/dev/$LINK_NAME)"
}

grant_access() {
  local dev="$1"
  if ! id -nG "$TARGET_USER" | grep -qw dialout; then
    sudo usermod -aG dialout "$TARGET_USER"
    info "$TARGET_USER added to dialout (log out and back in)"
  fi
  # takes effect now, before the new group membership does
  sudo chmod 0666 "$dev"
}

configure_port() {
  stty -F "$1" "$BAUD" cs8 -cstopb -parenb raw -echo
}

test_pattern() {
  local dev="$1"
  info "sending test pattern to $dev at $BAUD baud"
  printf '\x02CLR\x03' > "$dev"
  sleep 0.5
  printf '\x02H88A88T88:88\x03' > "$dev"
  sleep 2
  printf '\x02H00A00T00:00\x03' > "$dev"
}

DEV="$(find_adapter)" || fail "no FTDI/CH340 adapter found - is the board plugged in?"
info "found controller on $DEV"

if [[ "$TEST_ONLY" -eq 0 ]]; then
  read -r VENDOR MODEL < <(adapter_ids "$DEV")
  install_rule "$VENDOR" "$MODEL"
  grant_access "$DEV"
fi

configure_port "$DEV"
test_pattern "$DEV"
date -Is > "$STATE_DIR/last_setup"
info "done"
