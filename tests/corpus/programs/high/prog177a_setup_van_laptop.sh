#!/usr/bin/env bash
# First-time setup of a new bookmobile circulation laptop.
# Installs the packages the checkout client and the receipt printer need,
# points the laptop at the depot catalog server and gives the staff account
# access to the printer and the serial barcode scanner.
set -euo pipefail

CATALOG_IP="${CATALOG_IP:-192.0.2.20}"
CATALOG_NAME="catalog.depot.bookmobile.example.org"
STAFF_USER="${STAFF_USER:-${USER}}"
PACKAGES=(cups printer-driver-escpr python3-venv python3-serial gpsd-clients sqlite3 curl)

info() { echo "==> $*"; }

check_distro() {
    if ! grep -qi 'debian\|ubuntu' /etc/os-release; then
        echo "this script expects a Debian or Ubuntu laptop" >&2
        exit 1
    fi
}

install_packages() {
    info "installing packages: ${PACKAGES[*]}"
    sudo apt-get update -q
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${PACKAGES[@]}"
}

add_catalog_host() {
    if grep -q "${CATALOG_NAME}" /etc/hosts; then
        info "catalog host entry already present"
        return
    fi
    info "adding ${CATALOG_NAME} -> ${CATALOG_IP} to /etc/hosts"
    echo "${CATALOG_IP}    ${CATALOG_NAME} catalog" | sudo tee -a /etc/hosts >/dev/null
}

grant_device_groups() {
    for grp in lpadmin dialout plugdev; do
        if ! id -nG "${STAFF_USER}" | grep -qw "${grp}"; then
            sudo usermod -aG "${grp}" "${STAFF_USER}"
            info "added ${STAFF_USER} to ${grp}"
        fi
    done
}

setup_printer() {
    info "configuring receipt printer"
    sudo systemctl restart cups
    sudo lpadmin -p van-receipts -E -v usb://EPSON/TM-m30 -m raw || \
        echo "printer not connected, add it later with lpadmin"
}

setup_client_dir() {
    local dir="${HOME}/checkout-client"
    mkdir -p "${dir}"
    if [[ ! -d "${dir}/venv" ]]; then
        python3 -m venv "${dir}/venv"
        "${dir}/venv/bin/pip" install -q requests
    fi
    info "checkout client directory ready at ${dir}"
}

main() {
    check_distro
    install_packages
    add_catalog_host
    grant_device_groups
    setup_printer
    setup_client_dir
    info "done; log out and back in for group changes to apply"
}

main "$@"
