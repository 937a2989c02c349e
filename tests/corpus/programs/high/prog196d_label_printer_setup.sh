#!/usr/bin/env bash
# Set up the USB label printer used for shelf tags and bag labels.
set -euo pipefail

PPD_SRC="${PPD_SRC:-./drivers/shelf-tag-62mm.ppd}"
QUEUE="${QUEUE:-shelftags}"
DEVICE="${DEVICE:-/dev/usb/lp0}"
MODEL_DIR="/usr/share/cups/model"
DRY=0

log() { printf '[label-setup] %s\n' "$*" >&2; }

elevate() {
  local cmd=("$@")
  if (( DRY )); then log "would run: ${cmd[*]}"; return 0; fi
  if [[ $EUID -ne 0 ]]; then cmd=(sudo "${cmd[@]}"); fi
  "${cmd[@]}"
}

check_inputs() {
  [[ -f "$PPD_SRC" ]] || { log "driver file $PPD_SRC missing"; exit 1; }
  [[ -e "$DEVICE" ]] || log "warning: $DEVICE not present yet (is the printer on?)"
  command -v lpadmin >/dev/null || { log "cups client tools not installed"; exit 1; }
}

install_driver() {
  local target="$MODEL_DIR/$(basename "$PPD_SRC")"
  elevate install -m 0644 "$PPD_SRC" "$target"
  log "driver installed as $target"
}

open_device() {
  [[ -e "$DEVICE" ]] || return 0
  elevate chmod 0666 "$DEVICE"
  elevate usermod -aG lp "${SUDO_USER:-$USER}"
  log "device access granted on $DEVICE"
}

create_queue() {
  local uri="usb://Generic/ShelfTag?serial=${PRINTER_SERIAL:-0001}"
  elevate lpadmin -p "$QUEUE" -E -v "$uri" -m "$(basename "$PPD_SRC")" \
    -o media=Custom.62x29mm -o PageSize=Custom.62x29mm
  elevate lpoptions -d "$QUEUE"
  log "queue $QUEUE created"
}

restart_service() {
  local unit="cups"
  elevate systemctl restart "$unit"
  log "$unit restarted"
}

test_print() {
  (( DRY )) && return 0
  printf 'TEST TAG\n%s\n' "$(date +%F)" | lp -d "$QUEUE" -o fit-to-page || log "test print failed"
}

main() {
  while getopts ":nq:d:" opt; do
    case "$opt" in
      n) DRY=1 ;;
      q) QUEUE="$OPTARG" ;;
      d) DEVICE="$OPTARG" ;;
      *) echo "usage: $0 [-n] [-q queue] [-d device]" >&2; exit 2 ;;
    esac
  done
  local steps=(check_inputs install_driver open_device create_queue restart_service test_print)
  local s
  for s in "${steps[@]}"; do "$s"; done
  log "label printer ready (log out and in again for group change)"
}

main "$@"
