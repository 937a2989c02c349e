#!/bin/sh
# Prepare a reception check-in kiosk for the clinic.
#
# The kiosk is a small Linux box with:
#   - a USB serial "room free / in session" LED sign above each treatment room
#   - a USB HID card reader for health-fund member cards
# The check-in app runs as the normal kiosk user and needs to talk to both.
# This sets up stable device names and access for that user.
#
#   sh prog107b_kiosk_serial_setup.sh [kiosk_user]

set -eu

KIOSK_USER="${1:-${KIOSK_USER:-$(id -un)}}"
RULES_FILE="/etc/udev/rules.d/70-clinic-kiosk.rules"
SIGN_VENDOR="${SIGN_VENDOR:-1a86}"     # CH340 based LED controllers
SIGN_PRODUCT="${SIGN_PRODUCT:-7523}"
READER_VENDOR="${READER_VENDOR:-0c27}"  # RFIDeas card readers
BAUD="${BAUD:-9600}"
LOGFILE="./kiosk-setup.log"

log() {
  echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"
}

need_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  else
    sudo "$@"
  fi
}

check_user() {
  if ! id "$KIOSK_USER" >/dev/null 2>&1; then
    log "user $KIOSK_USER does not exist"
    exit 1
  fi
}

grant_groups() {
  for grp in dialout plugdev input; do
    if getent group "$grp" >/dev/null; then
      if id -nG "$KIOSK_USER" | tr ' ' '\n' | grep -qx "$grp"; then
        log "$KIOSK_USER already in $grp"
      else
        log "adding $KIOSK_USER to $grp"
        need_root usermod -aG "$grp" "$KIOSK_USER"
      fi
    fi
  done
}

write_rules() {
  rules=$(cat <<EOF
# clinic kiosk devices (managed by kiosk setup)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$SIGN_VENDOR", ATTRS{idProduct}=="$SIGN_PRODUCT", SYMLINK+="roomsign%n", GROUP="dialout", MODE="0660"
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="$READER_VENDOR", SYMLINK+="cardreader", GROUP="plugdev", MODE="0660"
EOF
)
  if [ -f "$RULES_FILE" ] && [ "$(cat "$RULES_FILE")" = "$rules" ]; then
    log "udev rules unchanged"
    return
  fi
  log "writing $RULES_FILE"
  printf '%s\n' "$rules" | need_root tee "$RULES_FILE" >/dev/null
  need_root chmod 0644 "$RULES_FILE"
  need_root udevadm control --reload-rules
  need_root udevadm trigger --subsystem-match=tty --subsystem-match=hidraw
}

open_current_ports() {
  # devices already plugged in keep their old permissions until replugged;
  # fix them now so the kiosk can start without a reboot
  for dev in /dev/ttyUSB* /dev/ttyACM*; do
    [ -e "$dev" ] || continue
    log "setting access on $dev"
    need_root chgrp dialout "$dev"
    need_root chmod 0666 "$dev"
    stty -F "$dev" "$BAUD" cs8 -cstopb -parenb 2>/dev/null || true
  done
}

test_signs() {
  for sign in /dev/roomsign*; do
    [ -e "$sign" ] || continue
    printf 'STATE FREE\r\n' > "$sign" && log "sign $sign responded to test write"
  done
}

log "kiosk setup for user $KIOSK_USER"
check_user
grant_groups
write_rules
open_current_ports
test_signs
log "done - log out and back in so group changes apply"
