#!/usr/bin/env bash
# Give the packing-bench user access to the USB label printer and restart
# CUPS so the new Dymo/Zebra queue for stamp envelope labels shows up.
set -euo pipefail

PRINTER_DEV="${PRINTER_DEV:-/dev/usb/lp0}"
PRINTER_GROUP="${PRINTER_GROUP:-lp}"
BENCH_USER="${BENCH_USER:-${SUDO_USER:-$USER}}"
QUEUE_NAME="${QUEUE_NAME:-envelope_labels}"
PPD="${PPD:-$PWD/ppd/zebra-gk420d.ppd}"

elevate=(sudo -n)
if [[ $EUID -eq 0 ]]; then
    elevate=()
fi

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
    "${elevate[@]}" "$@"
}

check_device() {
    [[ -e "$PRINTER_DEV" ]] || fail "no printer device at $PRINTER_DEV (is it plugged in?)"
    info "found $(stat -c '%n %U:%G %a' "$PRINTER_DEV")"
}

grant_device() {
    as_root chgrp "$PRINTER_GROUP" "$PRINTER_DEV"
    as_root chmod 0666 "$PRINTER_DEV"
    info "device mode now $(stat -c '%a' "$PRINTER_DEV")"
}

grant_user() {
    if id -nG "$BENCH_USER" | tr ' ' '\n' | grep -qx "$PRINTER_GROUP"; then
        info "$BENCH_USER already in $PRINTER_GROUP"
    else
        as_root usermod -aG "$PRINTER_GROUP" "$BENCH_USER"
        info "added $BENCH_USER to $PRINTER_GROUP (log out/in to apply)"
    fi
}

svc() {
    local verb="$1" unit="$2"
    as_root systemctl "$verb" "$unit"
}

register_queue() {
    [[ -f "$PPD" ]] || { info "no PPD at $PPD, skipping queue"; return 0; }
    as_root lpadmin -p "$QUEUE_NAME" -E -v "usb://Zebra/GK420d" -P "$PPD"
    as_root lpadmin -d "$QUEUE_NAME"
    info "queue $QUEUE_NAME registered as default"
}

steps=(check_device grant_device grant_user register_queue)
for s in "${steps[@]}"; do
    "$s"
done

svc restart cups
as_root systemctl --no-pager status cups | head -n 5 || true

info "label printer ready for $BENCH_USER"
