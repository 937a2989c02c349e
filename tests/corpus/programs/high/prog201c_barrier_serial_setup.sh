#!/usr/bin/env bash
# Barrier controller serial setup.
# Gives the barrier control service a stable device name for the RS-485
# adapter and mounts the USB stick the ANPR vendor uses for monthly exports.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
SERVICE_GROUP="${SERVICE_GROUP:-barrierctl}"
RULE_FILE="/etc/udev/rules.d/71-barrier-rs485.rules"
EXPORT_LABEL="${EXPORT_LABEL:-ANPREXPORT}"
EXPORT_MOUNT="${EXPORT_MOUNT:-/mnt/anpr_export}"

log() { printf '[barrier-setup] %s\n' "$*"; }

priv() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo "$@"
  fi
}

write_rule() {
  local rule
  rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", SYMLINK+=\"barrier485\", GROUP=\"${SERVICE_GROUP}\", MODE=\"0660\""
  if [[ -f "$RULE_FILE" ]] && grep -qF "$rule" "$RULE_FILE"; then
    log "udev rule already present"
    return 0
  fi
  echo "$rule" | priv tee "$RULE_FILE" >/dev/null
  priv chmod 0644 "$RULE_FILE"
  priv udevadm control --reload-rules
  priv udevadm trigger --subsystem-match=tty
  log "udev rule installed at ${RULE_FILE}"
}

fix_current_device() {
  local dev
  for dev in /dev/ttyUSB*; do
    [[ -e "$dev" ]] || continue
    priv chgrp "$SERVICE_GROUP" "$dev"
    priv chmod 0660 "$dev"
    log "adjusted ${dev}"
  done
}

mount_export() {
  local dev
  dev="$(blkid -L "$EXPORT_LABEL" 2>/dev/null || true)"
  if [[ -z "$dev" ]]; then
    log "export stick ${EXPORT_LABEL} not inserted"
    return 0
  fi
  priv mkdir -p "$EXPORT_MOUNT"
  if mountpoint -q "$EXPORT_MOUNT"; then
    log "export already mounted"
  else
    priv mount -o ro,nosuid,nodev "$dev" "$EXPORT_MOUNT"
    log "mounted ${dev} on ${EXPORT_MOUNT}"
  fi
}

case "${1:-all}" in
  rule) write_rule ;;
  device) fix_current_device ;;
  export) mount_export ;;
  all) write_rule; fix_current_device; mount_export ;;
  *) echo "Usage: $0 [rule|device|export|all]" >&2; exit 2 ;;
esac
log "done"
