#!/usr/bin/env bash
# Set up the tack-room kiosk PC: label printer for feed charts, a hosts entry
# for the yard printer, and the packages the feed-chart app needs.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-TackRoomLabels}"
PRINTER_IP="${PRINTER_IP:-192.0.2.34}"
PRINTER_HOSTNAME="${PRINTER_HOSTNAME:-labels.yard.example.org}"
KIOSK_USER="${KIOSK_USER:-kiosk}"
PACKAGES=(cups printer-driver-ptouch python3-venv fonts-dejavu-core)

log() { printf '[kiosk] %s\n' "$*"; }

need_root_helper() {
    if [[ $EUID -eq 0 ]]; then
        AS_ROOT=()
    else
        AS_ROOT=(sudo)
    fi
}

install_packages() {
    log "installing: ${PACKAGES[*]}"
    "${AS_ROOT[@]}" apt-get update -qq
    "${AS_ROOT[@]}" apt-get install -y -qq "${PACKAGES[@]}"
}

add_hosts_entry() {
    local line="$PRINTER_IP $PRINTER_HOSTNAME"
    if grep -qF "$PRINTER_HOSTNAME" /etc/hosts; then
        log "hosts entry already present"
        return
    fi
    echo "$line" | "${AS_ROOT[@]}" tee -a /etc/hosts >/dev/null
    log "added hosts entry: $line"
}

configure_printer() {
    "${AS_ROOT[@]}" usermod -aG lpadmin "$KIOSK_USER"
    "${AS_ROOT[@]}" systemctl enable --now cups
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        log "printer $PRINTER_NAME already configured"
    else
        "${AS_ROOT[@]}" lpadmin -p "$PRINTER_NAME" -E \
            -v "ipp://${PRINTER_HOSTNAME}/ipp/print" -m everywhere
        "${AS_ROOT[@]}" lpadmin -d "$PRINTER_NAME"
        log "printer $PRINTER_NAME added"
    fi
    "${AS_ROOT[@]}" systemctl restart cups
}

test_page() {
    local tmp
    tmp="$(mktemp --suffix=.txt)"
    printf 'Tack room kiosk test\n%s\n' "$(date)" >"$tmp"
    lp -d "$PRINTER_NAME" "$tmp" && log "test page sent"
    rm -f "$tmp"
}

STEPS=(install_packages add_hosts_entry configure_printer)

main() {
    local do_test=0
    for arg in "$@"; do
        case "$arg" in
            --test-page) do_test=1 ;;
            --no-packages) STEPS=("${STEPS[@]/install_packages}") ;;
            *) echo "usage: $0 [--test-page] [--no-packages]" >&2; exit 2 ;;
        esac
    done
    need_root_helper
    for step in "${STEPS[@]}"; do
        [[ -n $step ]] && "$step"
    done
    [[ $do_test -eq 1 ]] && test_page
    log "kiosk setup complete"
}

main "$@"
