#!/usr/bin/env bash
# add_label_printer_queue.sh - add the network Zebra label printer as a raw
# CUPS queue and set default label options.
#
#   ./add_label_printer_queue.sh <printer-ip> [queue-name] [--media 4x6|2x1]
#
# Tested on Fedora 39 and Ubuntu 22.04 shop laptops with a ZD421 (ethernet)
# and a GK420d on a print server.

set -uo pipefail

PRINTER_IP=""
QUEUE="zebra_labels"
MEDIA="4x6"
RAW_PORT=9100

while [ $# -gt 0 ]; do
    case "$1" in
        --media) MEDIA="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *)
            if [ -z "$PRINTER_IP" ]; then PRINTER_IP="$1"; else QUEUE="$1"; fi
            shift ;;
    esac
done

[ -n "$PRINTER_IP" ] || { echo "usage: $0 <printer-ip> [queue-name]" >&2; exit 1; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

log() { echo "[printer] $*"; }

port_open() {
    timeout 3 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
}

media_size() {
    case "$1" in
        4x6) echo "Custom.4x6in" ;;
        2x1) echo "Custom.2x1in" ;;
        *) echo "Custom.$1in" ;;
    esac
}

ensure_cups() {
    if ! command -v lpadmin >/dev/null; then
        log "CUPS is not installed; install the 'cups' package first"
        return 1
    fi
    $SUDO systemctl enable --now cups.service
}

add_queue() {
    $SUDO lpadmin -x "$QUEUE" 2>/dev/null || true
    $SUDO lpadmin -p "$QUEUE" -E -v "socket://${PRINTER_IP}:${RAW_PORT}" -m raw \
        -D "Zebra label printer" -L "packing bench"
    $SUDO lpadmin -d "$QUEUE"
    $SUDO cupsenable "$QUEUE"
    $SUDO cupsaccept "$QUEUE"
    log "queue $QUEUE -> socket://${PRINTER_IP}:${RAW_PORT}"
}

set_default_options() {
    # system-wide lpoptions so every user account on the laptop gets the
    # right media without running lpoptions themselves
    local size
    size="$(media_size "$MEDIA")"
    printf 'Default %s media=%s\n' "$QUEUE" "$size" | $SUDO tee /etc/cups/lpoptions >/dev/null
    $SUDO chmod 644 /etc/cups/lpoptions
    log "default media $size"
}

test_label() {
    local zpl
    zpl="$(mktemp --suffix=.zpl)"
    cat > "$zpl" <<'EOF'
^XA
^CF0,40
^FO40,40^FDPrinter setup OK^FS
^FO40,100^BY2^BCN,80,Y,N,N^FD0001^FS
^XZ
EOF
    lp -d "$QUEUE" -o raw "$zpl" && log "test label sent"
    rm -f "$zpl"
}

main() {
    log "adding $PRINTER_IP as $QUEUE"
    if ! port_open "$PRINTER_IP" "$RAW_PORT"; then
        log "cannot reach $PRINTER_IP:$RAW_PORT - check cable/power"
        exit 2
    fi
    ensure_cups || exit 3
    add_queue
    set_default_options
    test_label
    log "done"
}

main
