#!/usr/bin/env bash
# Prepares a fresh mini PC as the truck's order-screen / receipt station.
# Installs the printing stack, registers the receipt printer driver, points
# the POS hostnames at the local box, and restarts printing.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-receipt80}"
PPD_SRC="${PPD_SRC:-./drivers/tm-receipt-80.ppd}"
POS_HOSTS=("pos.local" "kds.local")
LAN_IP="${LAN_IP:-198.51.100.1}"

# elevation helper, picked once so every step uses the same one
if [ "$(id -u)" -eq 0 ]; then
    ELEVATE=()
elif command -v sudo >/dev/null 2>&1; then
    ELEVATE=(sudo)
elif command -v doas >/dev/null 2>&1; then
    ELEVATE=(doas)
else
    echo "need root, sudo or doas" >&2
    exit 1
fi

as_admin() { "${ELEVATE[@]}" "$@"; }
step() { echo; echo "--- $* ---"; }

install_packages() {
    step "installing packages"
    as_admin apt-get update -qq
    as_admin apt-get install -y -qq cups cups-client python3-serial
}

register_driver() {
    step "registering printer driver"
    if [ ! -f "$PPD_SRC" ]; then
        echo "driver file $PPD_SRC missing" >&2
        return 1
    fi
    local model_dir="/usr/share/cups/model"
    as_admin install -m 0644 "$PPD_SRC" "${model_dir}/$(basename "$PPD_SRC")"
    as_admin lpadmin -p "$PRINTER_NAME" -E -v "usb://EPSON/TM-T20" \
        -m "$(basename "$PPD_SRC")"
}

map_hostnames() {
    step "mapping POS hostnames"
    local hosts_file="/etc/hosts"
    local h
    for h in "${POS_HOSTS[@]}"; do
        if grep -qw "$h" "$hosts_file"; then
            echo "$h already mapped"
        else
            printf '%s\t%s\n' "$LAN_IP" "$h" | as_admin tee -a "$hosts_file" >/dev/null
            echo "mapped $h -> $LAN_IP"
        fi
    done
}

grant_printer_admin() {
    step "granting printer admin to ${USER}"
    as_admin usermod -aG lpadmin "$USER"
}

restart_printing() {
    step "restarting printing service"
    as_admin systemctl restart cups
    sleep 2
    lpstat -p "$PRINTER_NAME" || echo "printer not listed yet"
}

test_page() {
    if [ "${PRINT_TEST:-no}" = "yes" ]; then
        printf 'Truck POS test receipt\n%s\n\n\n' "$(date)" | lp -d "$PRINTER_NAME"
    fi
}

main() {
    install_packages
    register_driver
    map_hostnames
    grant_printer_admin
    restart_printing
    test_page
    echo
    echo "kiosk setup complete; log out and back in for group changes"
}

main "$@"
