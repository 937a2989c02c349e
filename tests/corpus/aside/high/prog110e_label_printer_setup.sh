#!/usr/bin/env bash
# label_printer_setup.sh - add the dispatch Zebra printer to a packing-bench PC
#
# Creates the raw CUPS queue used by the dangerous-goods label station, sets
# the media defaults for 100x150 mm GHS labels, and gives the packing team's
# group permission to manage jobs on it.
#
# usage: label_printer_setup.sh <printer-ip> [queue-name]

set -euo pipefail

PRINTER_IP="${1:-}"
QUEUE="${2:-zebra_dg}"
PACK_GROUP="${PACK_GROUP:-packing}"
MEDIA="Custom.100x150mm"
CUPS_CONF="/etc/cups/cupsd.conf"
CLIENT_CONF="/etc/cups/client.conf"

info() { echo "==> $*"; }
err()  { echo "!! $*" >&2; }

if [[ -z "$PRINTER_IP" ]]; then
    err "usage: $0 <printer-ip> [queue-name]"
    exit 64
fi

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    info "elevating with sudo for CUPS administration"
    $SUDO -v
else
    SUDO=""
fi

probe_printer() {
    info "checking $PRINTER_IP:9100"
    if ! timeout 5 bash -c "echo -n > /dev/tcp/$PRINTER_IP/9100" 2>/dev/null; then
        err "printer not reachable on 9100; check the bench switch"
        exit 1
    fi
}

ensure_cups() {
    if ! command -v lpadmin >/dev/null; then
        info "installing CUPS"
        $SUDO apt-get update -qq
        $SUDO apt-get install -y -qq cups cups-client
    fi
    $SUDO systemctl enable --now cups.service
}

grant_group() {
    if ! getent group "$PACK_GROUP" >/dev/null; then
        $SUDO groupadd "$PACK_GROUP"
    fi
    $SUDO usermod -aG lpadmin "${SUDO_USER:-$USER}"
    if ! grep -q "SystemGroup .*${PACK_GROUP}" "$CUPS_CONF"; then
        $SUDO cp -a "$CUPS_CONF" "${CUPS_CONF}.bak.$(date +%s)"
        $SUDO sed -i "s/^SystemGroup \(.*\)$/SystemGroup \1 ${PACK_GROUP}/" "$CUPS_CONF"
        info "added $PACK_GROUP to SystemGroup"
    fi
}

create_queue() {
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        info "queue $QUEUE exists, updating"
    fi
    $SUDO lpadmin -p "$QUEUE" -E \
        -v "socket://${PRINTER_IP}:9100" \
        -m raw \
        -D "Dispatch DG labels" \
        -L "Goods-out bench" \
        -o printer-is-shared=false \
        -o media="$MEDIA"
    $SUDO lpadmin -d "$QUEUE"
    echo "ServerName /run/cups/cups.sock" | $SUDO tee "$CLIENT_CONF" >/dev/null
}

restart_and_test() {
    $SUDO systemctl restart cups.service
    sleep 2
    lpstat -p "$QUEUE"
    printf '^XA^CF0,40^FO40,40^FDQueue %s OK^FS^XZ\n' "$QUEUE" | lp -d "$QUEUE" -o raw
    info "test label sent to $QUEUE"
}

probe_printer
ensure_cups
grant_group
create_queue
restart_and_test
info "done - log out and back in for group changes to apply"
