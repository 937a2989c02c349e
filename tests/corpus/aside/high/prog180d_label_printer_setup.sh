#!/usr/bin/env bash
# Set up the Zebra parcel-label printer on a new depot packing-bench PC.
# Installs CUPS, drops our printer definition and restarts the service.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-PackBench_Zebra}"
PRINTER_URI="${PRINTER_URI:-socket://192.0.2.40:9100}"
PPD_SRC="${PPD_SRC:-./ppd/zebra-zd420.ppd}"
LABEL_SIZE="${LABEL_SIZE:-w288h432}"   # 4x6 inch labels

log() { echo "[printer-setup] $*"; }

if [[ ! -f "$PPD_SRC" ]]; then
    log "PPD file $PPD_SRC missing; copy it from the IT share first"
    exit 1
fi

install_packages() {
    log "installing CUPS packages"
    sudo apt-get update -qq
    sudo apt-get install -y -qq cups cups-client cups-bsd
}

install_ppd() {
    log "installing PPD"
    sudo install -d -m 0755 /usr/share/ppd/courier
    sudo install -m 0644 "$PPD_SRC" /usr/share/ppd/courier/zebra-zd420.ppd
}

write_client_conf() {
    log "writing /etc/cups/client.conf"
    sudo tee /etc/cups/client.conf >/dev/null <<EOF
# managed by label_printer_setup.sh
ServerName localhost
EOF
    sudo chmod 0644 /etc/cups/client.conf
}

add_queue() {
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        log "queue $PRINTER_NAME exists, updating"
    fi
    sudo lpadmin -p "$PRINTER_NAME" -E \
        -v "$PRINTER_URI" \
        -P /usr/share/ppd/courier/zebra-zd420.ppd \
        -o PageSize="$LABEL_SIZE" \
        -o printer-is-shared=false
    sudo lpadmin -d "$PRINTER_NAME"
    sudo usermod -aG lpadmin "$USER"
}

restart_cups() {
    log "restarting cups"
    sudo systemctl restart cups
    sleep 2
    systemctl is-active --quiet cups && log "cups running"
}

test_print() {
    if [[ "${SKIP_TEST:-0}" == "1" ]]; then
        return
    fi
    log "sending test label"
    printf '^XA^FO50,50^ADN,36,20^FDCOURIER TEST^FS^XZ' | lp -d "$PRINTER_NAME" -o raw
}

install_packages
install_ppd
write_client_conf
restart_cups
add_queue
test_print
log "done - log out and back in for lpadmin group to apply"
