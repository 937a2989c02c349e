#!/usr/bin/env bash
# label_printer_setup.sh - add the cage card label printer (Zebra ZD421 /
# Brady i5300) to a husbandry workstation: CUPS raw queue, stable udev
# symlink, and a test card.
#
# Usage: ./label_printer_setup.sh [-q QUEUE] [-m zebra|brady] [--no-test]
set -euo pipefail

QUEUE="CageCards"
MODEL="zebra"
TEST_PRINT=1

info() { echo -e "\e[32m*\e[0m $*"; }
warn() { echo -e "\e[33m!\e[0m $*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -q) QUEUE="$2"; shift 2 ;;
    -m) MODEL="$2"; shift 2 ;;
    --no-test) TEST_PRINT=0; shift ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) warn "ignoring $1"; shift ;;
  esac
done

case "$MODEL" in
  zebra) VID=0a5f; PID=0181 ;;
  brady) VID=0e2e; PID=0b1c ;;
  *) warn "unknown model $MODEL"; exit 2 ;;
esac

find_usb_uri() {
  lpinfo -v 2>/dev/null | awk '/usb:\/\// {print $2}' | grep -i "$MODEL" | head -n1
}

install_udev_rule() {
  local rule="/etc/udev/rules.d/70-cage-card-printer.rules"
  info "installing udev rule $rule"
  printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0664", GROUP="lp", SYMLINK+="cagecard-printer"\n' \
    "$VID" "$PID" | sudo tee "$rule" >/dev/null
  sudo udevadm control --reload-rules
  sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VID"
}

create_queue() {
  local uri="$1"
  if lpstat -p "$QUEUE" >/dev/null 2>&1; then
    info "queue $QUEUE already exists, updating device URI"
  fi
  sudo lpadmin -p "$QUEUE" -E -v "$uri" -m raw \
    -D "Cage card printer ($MODEL)" -L "Husbandry workstation $(hostname -s)"
  sudo lpadmin -d "$QUEUE"
  sudo cupsenable "$QUEUE"
  sudo cupsaccept "$QUEUE"
}

restart_cups() {
  info "restarting CUPS"
  sudo systemctl restart cups.service
  sleep 2
  systemctl is-active --quiet cups.service || { warn "CUPS did not come back"; exit 3; }
}

print_test_card() {
  local card
  card="$(mktemp --suffix=.zpl)"
  cat > "$card" <<'EOF'
^XA
^CF0,40^FO30,30^FDTEST-0001^FS
^CF0,28^FO30,85^FDStrain: C57BL/6J^FS
^FO30,120^FDPrinter setup test card^FS
^XZ
EOF
  lp -d "$QUEUE" -o raw "$card" && info "test card sent to $QUEUE"
  rm -f "$card"
}

main() {
  local uri
  uri="$(find_usb_uri || true)"
  if [[ -z "$uri" ]]; then
    warn "no $MODEL printer found by lpinfo; is it plugged in and powered on?"
    exit 1
  fi
  info "found printer at $uri"
  install_udev_rule
  create_queue "$uri"
  restart_cups
  [[ "$TEST_PRINT" -eq 1 ]] && print_test_card
  info "done: queue $QUEUE ready"
}

main
