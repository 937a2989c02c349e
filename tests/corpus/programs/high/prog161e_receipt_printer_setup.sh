#!/bin/bash
# Register the front-desk receipt printer and the alterations label printer
# with CUPS on a fresh till, and give them names the POS app expects.

set -euo pipefail

PRINTER_NET="192.0.2"
HOSTS_FILE="/etc/hosts"
CUPS_CONF_DIR="/etc/cups"

declare -A PRINTERS=(
    [ivory-receipt]="41|Front desk receipt printer"
    [ivory-labels]="42|Alterations room label printer"
)

log() { echo "$(date +%T) $*"; }

need_tools() {
    local missing=0
    for tool in lpadmin cupsenable cupsaccept systemctl; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            log "missing $tool"
            missing=1
        fi
    done
    return "$missing"
}

printer_ip() {
    local entry="${PRINTERS[$1]}"
    echo "$PRINTER_NET.${entry%%|*}"
}

printer_desc() {
    local entry="${PRINTERS[$1]}"
    echo "${entry#*|}"
}

add_host_entries() {
    local name ip
    for name in "${!PRINTERS[@]}"; do
        ip=$(printer_ip "$name")
        if ! grep -qw "$name" "$HOSTS_FILE"; then
            echo "$ip    $name.shop.ivorylane.example $name" | sudo tee -a "$HOSTS_FILE" >/dev/null
            log "added $name ($ip) to $HOSTS_FILE"
        fi
    done
}

register_printers() {
    local name
    for name in "${!PRINTERS[@]}"; do
        sudo lpadmin -p "$name" -E \
            -v "socket://$name.shop.ivorylane.example:9100" \
            -D "$(printer_desc "$name")" \
            -L "Ivory Lane" \
            -m raw
        sudo cupsenable "$name"
        sudo cupsaccept "$name"
        log "registered $name"
    done
    sudo lpadmin -d ivory-receipt
}

tune_cups() {
    local conf="$CUPS_CONF_DIR/cupsd.conf"
    if [ -f "$conf" ] && ! grep -q '^MaxJobs 50' "$conf"; then
        sudo cp "$conf" "$conf.bak"
        sudo sed -i 's/^MaxJobs .*/MaxJobs 50/' "$conf"
        grep -q '^MaxJobs' "$conf" || echo "MaxJobs 50" | sudo tee -a "$conf" >/dev/null
        sudo chmod 640 "$conf"
        sudo chown root:lp "$conf"
    fi
}

restart_spooler() {
    sudo systemctl restart cups
    sudo systemctl is-active --quiet cups && log "cups running"
}

test_page() {
    if [ "${1:-}" = "--test" ]; then
        printf 'Ivory Lane Bridal\nPrinter check %s\n\n\n' "$(date)" | lp -d ivory-receipt
    fi
}

main() {
    need_tools || { log "install cups first"; exit 1; }
    add_host_entries
    register_printers
    tune_cups
    restart_spooler
    test_page "${1:-}"
    lpstat -p
}

main "$@"
