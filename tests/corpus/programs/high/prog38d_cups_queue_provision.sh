#!/bin/bash
# Provision CUPS print queues on a new office workstation.
#
# Reads the same printers.conf the meter script uses (name|ip|vendor) and
# creates a driverless IPP Everywhere queue per device, sets the default
# printer for the department and points the client at the office print
# server for shared queues.
#
# usage: cups_queue_provision.sh [-c printers.conf] [-d default] [-s server]
set -u

PRINTERS_CONF="./printers.conf"
DEFAULT_PRINTER=""
PRINT_SERVER="print01.office.lan"
CLIENT_CONF="/etc/cups/client.conf"
LPOPTS_DIR="/etc/cups/lpoptions.d"
DRY_RUN=0

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "[dry-run] $*"
    else
        "$@"
    fi
}

while getopts "c:d:s:nh" opt; do
    case "$opt" in
        c) PRINTERS_CONF="$OPTARG" ;;
        d) DEFAULT_PRINTER="$OPTARG" ;;
        s) PRINT_SERVER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -r "$PRINTERS_CONF" ] || die "cannot read $PRINTERS_CONF"
command -v lpadmin >/dev/null || die "CUPS client tools are not installed"

if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
    info "elevating with sudo for lpadmin and /etc/cups changes"
    sudo -v || die "sudo authentication failed"
else
    SUDO=""
fi

queue_name() {
    # CUPS queue names: letters, digits, underscore
    echo "$1" | tr -c 'A-Za-z0-9_\n' '_'
}

ipp_uri() {
    local ip="$1" vendor="$2"
    case "$vendor" in
        hp|brother) echo "ipp://$ip/ipp/print" ;;
        kyocera)    echo "ipps://$ip:443/ipp/print" ;;
        *)          echo "ipp://$ip/ipp/print" ;;
    esac
}

add_queue() {
    local name="$1" ip="$2" vendor="$3" q uri
    q="$(queue_name "$name")"
    uri="$(ipp_uri "$ip" "$vendor")"
    if lpstat -p "$q" >/dev/null 2>&1; then
        info "queue $q exists, updating device URI"
        run $SUDO lpadmin -p "$q" -v "$uri"
    else
        info "adding queue $q -> $uri"
        run $SUDO lpadmin -p "$q" -E -v "$uri" -m everywhere \
            -L "Office" -D "$name ($vendor)" \
            -o printer-error-policy=retry-job -o media-default=iso_a4_210x297mm
    fi
    run $SUDO cupsenable "$q"
    run $SUDO cupsaccept "$q"
}

write_client_conf() {
    info "pointing CUPS client at $PRINT_SERVER"
    if [ -f "$CLIENT_CONF" ]; then
        run $SUDO cp -p "$CLIENT_CONF" "$CLIENT_CONF.bak.$(date +%s)"
    fi
    printf 'ServerName %s\nEncryption IfRequested\n' "$PRINT_SERVER" \
        | run $SUDO tee "$CLIENT_CONF" >/dev/null
    run $SUDO chmod 0644 "$CLIENT_CONF"
    run $SUDO mkdir -p "$LPOPTS_DIR"
}

main() {
    local name ip vendor added=0
    while IFS='|' read -r name ip vendor; do
        case "$name" in ''|\#*) continue ;; esac
        add_queue "$name" "$ip" "$vendor"
        added=$((added + 1))
    done < "$PRINTERS_CONF"

    if [ -n "$DEFAULT_PRINTER" ]; then
        info "default printer: $DEFAULT_PRINTER"
        run $SUDO lpadmin -d "$(queue_name "$DEFAULT_PRINTER")"
    fi

    write_client_conf
    info "restarting CUPS"
    run $SUDO systemctl restart cups.service
    sleep 2
    lpstat -t 2>/dev/null | head -n 20
    info "$added queue(s) provisioned"
}

main
