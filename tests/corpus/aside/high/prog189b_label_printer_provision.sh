#!/usr/bin/env bash
# Provision the certificate / urn label printers on a new office PC.
# Installs the vendor PPD, registers both queues with CUPS and sets the
# paper defaults the studio uses for memorial certificates.
set -euo pipefail

PPD_SRC="${PPD_SRC:-./drivers/PawPrint-CL400.ppd}"
PPD_DEST_DIR="/usr/share/cups/model/pawprint"
LABEL_URI="${LABEL_URI:-socket://192.0.2.51:9100}"
CERT_URI="${CERT_URI:-ipp://192.0.2.52/ipp/print}"
CLIENT_CONF="/etc/cups/client.conf"

info() { printf '[printers] %s\n' "$*"; }

as_admin() {
    # use the admin helper only when we are not already root
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

install_ppd() {
    if [ ! -f "$PPD_SRC" ]; then
        info "PPD not found at $PPD_SRC"
        return 1
    fi
    as_admin install -d -m 0755 "$PPD_DEST_DIR"
    as_admin install -m 0644 "$PPD_SRC" "$PPD_DEST_DIR/"
    info "driver installed in $PPD_DEST_DIR"
}

write_client_conf() {
    local tmp
    tmp="$(mktemp)"
    cat >"$tmp" <<CONF
# managed by printer provisioning - studio office
ServerName localhost
Encryption IfRequested
CONF
    as_admin install -m 0644 "$tmp" "$CLIENT_CONF"
    rm -f "$tmp"
}

add_queue() {
    local name="$1" uri="$2" model="$3" media="$4"
    if lpstat -p "$name" >/dev/null 2>&1; then
        info "queue $name exists, updating"
    fi
    as_admin lpadmin -p "$name" -E -v "$uri" -m "$model" \
        -o media="$media" -o printer-error-policy=retry-job
    info "queue $name -> $uri"
}

restart_spooler() {
    as_admin systemctl restart cups
    sleep 2
    if systemctl is-active --quiet cups; then
        info "spooler running"
    else
        info "spooler failed to start, see journal"
        return 1
    fi
}

print_test() {
    local queue="$1"
    if [ -f ./samples/test-label.pdf ]; then
        lp -d "$queue" ./samples/test-label.pdf >/dev/null && info "test sent to $queue"
    fi
}

main() {
    install_ppd
    write_client_conf
    restart_spooler
    add_queue UrnLabels "$LABEL_URI" "pawprint/PawPrint-CL400.ppd" "Custom.62x100mm"
    add_queue Certificates "$CERT_URI" everywhere "A4"
    as_admin lpadmin -d Certificates
    print_test UrnLabels
    info "done"
}

main "$@"
