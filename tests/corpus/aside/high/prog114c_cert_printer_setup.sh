#!/usr/bin/env bash
# cert_printer_setup.sh - add the office card-stock printer used for
# guarantee certificates to this PC.
#
# The certificates go on 300gsm A4 with the company crest pre-printed, so
# the queue needs the heavy-media tray and no duplex by default. Ships a
# tuned PPD in ./ppd; falls back to driverless IPP if that is missing.
#
#   ./cert_printer_setup.sh [printer-host] [queue-name]

set -eu

HOST="${1:-certprinter.office.lan}"
QUEUE="${2:-GuaranteeCerts}"
PPD_SRC="./ppd/hallett-cardstock.ppd"
PPD_DIR="/usr/share/cups/model/hallett"
URI="ipp://${HOST}/ipp/print"

note() { printf '%s\n' "-- $*"; }
err()  { printf '%s\n' "!! $*" >&2; }

# pick whichever elevation helper this desktop has
as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1; then
        pkexec "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        err "need pkexec or doas to change printer settings"
        exit 1
    fi
}

check_reachable() {
    if command -v ipptool >/dev/null 2>&1; then
        ipptool -q -T 5 "$URI" get-printer-attributes.test 2>/dev/null && return 0
    fi
    # fall back to a plain TCP probe of the IPP port
    if (exec 3<>"/dev/tcp/${HOST}/631") 2>/dev/null; then
        return 0
    fi
    return 1
}

install_ppd() {
    [ -f "$PPD_SRC" ] || return 1
    as_admin install -d -m 0755 "$PPD_DIR"
    as_admin install -m 0644 "$PPD_SRC" "$PPD_DIR/"
    note "PPD installed to $PPD_DIR"
    return 0
}

add_queue() {
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        note "queue $QUEUE exists, updating"
    fi
    if install_ppd; then
        as_admin lpadmin -p "$QUEUE" -E -v "$URI" \
            -P "$PPD_DIR/$(basename "$PPD_SRC")" \
            -D "Guarantee certificates (card stock)" -L "Office"
    else
        note "no tuned PPD, using driverless"
        as_admin lpadmin -p "$QUEUE" -E -v "$URI" -m everywhere \
            -D "Guarantee certificates (card stock)" -L "Office"
    fi
    as_admin lpadmin -p "$QUEUE" \
        -o media-default=iso_a4_210x297mm \
        -o media-type-default=cardstock \
        -o sides-default=one-sided \
        -o print-quality-default=5
    as_admin cupsenable "$QUEUE"
    as_admin cupsaccept "$QUEUE"
}

note "checking $HOST"
if ! check_reachable; then
    err "cannot reach $HOST on port 631 - is the printer on?"
    exit 1
fi
add_queue
note "queue $QUEUE ready"
lpstat -l -p "$QUEUE" || true
