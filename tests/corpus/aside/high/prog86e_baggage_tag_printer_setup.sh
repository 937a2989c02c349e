#!/usr/bin/env bash
# baggage_tag_printer_setup.sh - provision a check-in counter PC for its
# Zebra bag tag printer.
#
# Creates a raw CUPS queue per attached printer, pins the USB device to a
# stable name so the queue survives re-plugging, and sends a test tag.
#
#   ./baggage_tag_printer_setup.sh -c 214 [-m ZD621] [--no-test]

set -euo pipefail

COUNTER=""
MODEL="ZD621"
SEND_TEST=1
VENDOR_ID="0a5f"
RULES_DIR="/etc/udev/rules.d"
LOGFILE="./printer_setup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }
fail() { log "FAILED: $*"; exit 1; }

parse_args() {
    while (( $# )); do
        case "$1" in
            -c|--counter) COUNTER="$2"; shift 2 ;;
            -m|--model)   MODEL="$2"; shift 2 ;;
            --no-test)    SEND_TEST=0; shift ;;
            -h|--help)    sed -n '2,9p' "$0"; exit 0 ;;
            *) fail "unknown option $1" ;;
        esac
    done
    [[ -n "$COUNTER" ]] || fail "counter number is required (-c)"
}

as_admin() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -n "$@" 2>/dev/null || sudo "$@"
    fi
}

find_usb_serial() {
    local dev
    for dev in /sys/bus/usb/devices/*; do
        [[ -r "$dev/idVendor" ]] || continue
        if [[ "$(cat "$dev/idVendor")" == "$VENDOR_ID" ]]; then
            cat "$dev/serial" 2>/dev/null && return 0
        fi
    done
    return 1
}

pin_device() {
    local serial="$1"
    local rule_file="${RULES_DIR}/71-bagtag-counter${COUNTER}.rules"
    local rule
    rule="SUBSYSTEM==\"usbmisc\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{serial}==\"${serial}\", SYMLINK+=\"bagtag${COUNTER}\", MODE=\"0660\", GROUP=\"lp\""
    log "pinning printer $serial as /dev/bagtag${COUNTER}"
    printf '%s\n' "$rule" | as_admin tee "$rule_file" >/dev/null
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=usbmisc
}

create_queue() {
    local serial="$1" queue="BAGTAG_${COUNTER}"
    local uri="usb://Zebra%20Technologies/${MODEL}?serial=${serial}"
    log "creating raw CUPS queue $queue -> $uri"
    as_admin lpadmin -p "$queue" -E -v "$uri" -m raw \
        -D "Bag tag printer counter ${COUNTER}" -L "Check-in counter ${COUNTER}"
    as_admin lpadmin -d "$queue"
    as_admin cupsenable "$queue"
    as_admin cupsaccept "$queue"
}

send_test_tag() {
    local queue="BAGTAG_${COUNTER}"
    cat > "./test_tag_${COUNTER}.zpl" <<EOF
^XA^PW812^LL1624
^FO60,80^A0N,90,90^FDTEST TAG^FS
^FO60,200^A0N,50,50^FDCounter ${COUNTER} ${MODEL}^FS
^FO60,300^BY4^BCN,200,Y,N,N^FD0000000000^FS
^XZ
EOF
    lp -d "$queue" -o raw "./test_tag_${COUNTER}.zpl" && log "test tag sent to $queue"
}

main() {
    parse_args "$@"
    command -v lpadmin >/dev/null || fail "CUPS is not installed"
    local serial
    serial="$(find_usb_serial)" || fail "no Zebra printer found on USB"
    log "found ${MODEL} serial ${serial} on counter ${COUNTER}"
    pin_device "$serial"
    create_queue "$serial"
    (( SEND_TEST )) && send_test_tag
    log "counter ${COUNTER} printer ready"
}

main "$@"
