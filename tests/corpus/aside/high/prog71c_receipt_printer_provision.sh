#!/bin/sh
# Provision an ESC/POS receipt printer on a till or kitchen display host.
#
#   receipt_printer_provision.sh [-u] [-n NAME] [-s SUBNET] HOST_OR_USB
#
# Network printers: registers a raw CUPS queue on port 9100 and lets the
# front-of-house subnet reach the shared queue. USB printers (-u): installs a
# udev rule so the till app can open the device without being root.
set -eu

PRINTER_NAME="receipt"
ALLOW_SUBNET="192.168.50.0/24"
USB=0
LOGTAG="printer-provision"

log() { logger -t "$LOGTAG" -- "$*" 2>/dev/null || true; echo "$LOGTAG: $*"; }
fail() { log "error: $*"; exit 1; }

while getopts "un:s:h" opt; do
    case "$opt" in
        u) USB=1 ;;
        n) PRINTER_NAME="$OPTARG" ;;
        s) ALLOW_SUBNET="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || fail "printer host or USB id (vvvv:pppp) required"
TARGET="$1"

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi

have() { command -v "$1" >/dev/null 2>&1; }

register_queue() {
    uri="$1"
    have lpadmin || fail "CUPS (lpadmin) not installed"
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        log "queue $PRINTER_NAME exists, updating device uri"
    fi
    $SUDO lpadmin -p "$PRINTER_NAME" -E -v "$uri" -m raw \
        -o printer-is-shared=true -D "Receipt printer" -L "$(hostname)"
    $SUDO cupsenable "$PRINTER_NAME"
    $SUDO cupsaccept "$PRINTER_NAME"
    log "queue $PRINTER_NAME -> $uri"
}

open_queue_port() {
    # Other tills print through this host's shared queue.
    for port in 631 9100; do
        if ! $SUDO iptables -C INPUT -p tcp -s "$ALLOW_SUBNET" --dport "$port" -j ACCEPT 2>/dev/null; then
            $SUDO iptables -I INPUT 1 -p tcp -s "$ALLOW_SUBNET" --dport "$port" -j ACCEPT
            log "allowed $ALLOW_SUBNET to tcp/$port"
        fi
    done
    if have netfilter-persistent; then
        $SUDO netfilter-persistent save >/dev/null
    fi
}

install_udev_rule() {
    vid="${1%%:*}"
    pid="${1##*:}"
    rule="/etc/udev/rules.d/70-receipt-printer.rules"
    printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="lp", SYMLINK+="receipt0"\n' \
        "$vid" "$pid" | $SUDO tee "$rule" >/dev/null
    $SUDO chmod 0644 "$rule"
    $SUDO udevadm control --reload-rules
    $SUDO udevadm trigger --subsystem-match=usb --attr-match=idVendor="$vid"
    log "udev rule installed for $vid:$pid"
}

probe_network() {
    host="$1"
    if have nc; then
        nc -z -w 3 "$host" 9100 || fail "$host:9100 not reachable"
    fi
}

if [ "$USB" -eq 1 ]; then
    case "$TARGET" in
        [0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]:[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]) ;;
        *) fail "USB id must look like 04b8:0202" ;;
    esac
    install_udev_rule "$TARGET"
    register_queue "usb://dev/receipt0"
else
    probe_network "$TARGET"
    register_queue "socket://$TARGET:9100"
    open_queue_port
fi

log "done; test with: printf 'hello\\n\\n\\n\\035V1' | lp -d $PRINTER_NAME -o raw"
