#!/usr/bin/env bash
# label_printer_install.sh - set up the shelf-label printer on a till PC.
#
# Supports the Brother QL-800/QL-820NWB and DYMO LabelWriter 450 we use for
# price labels on the tank fronts and dry-goods shelves.  Adds a udev rule so
# the printer keeps a stable name, creates the CUPS queue and makes it the
# default for the label app.
#
# usage: label_printer_install.sh [ql-800|ql-820|dymo-450] [--queue NAME]

set -euo pipefail

MODEL="ql-800"
QUEUE_NAME="${QUEUE_NAME:-shelf_labels}"
RULE_FILE="/etc/udev/rules.d/60-shelf-label-printer.rules"
MEDIA="${LABEL_MEDIA:-62x29mm}"

log()  { echo "[label-setup] $*"; }
die()  { echo "[label-setup] ERROR: $*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        ql-800|ql-820|dymo-450) MODEL="$1" ;;
        --queue) shift; QUEUE_NAME="$1" ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
    shift
done

model_ids() {
    case "$MODEL" in
        ql-800)   echo "04f9 209b brother-ql-800.ppd" ;;
        ql-820)   echo "04f9 209d brother-ql-820nwb.ppd" ;;
        dymo-450) echo "0922 0020 lw450.ppd" ;;
    esac
}

find_uri() {
    local uri
    uri=$(lpinfo -v 2>/dev/null | awk '/usb:\/\/(Brother|DYMO)/ {print $2; exit}')
    [ -n "$uri" ] || die "printer not detected; is it switched on and plugged in?"
    echo "$uri"
}

write_udev_rule() {
    local vendor="$1" product="$2"
    log "writing $RULE_FILE"
    printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0664", GROUP="lp", SYMLINK+="shelf_label_printer"\n' \
        "$vendor" "$product" | as_root tee "$RULE_FILE" >/dev/null
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --attr-match=idVendor="$vendor"
}

add_queue() {
    local uri="$1" ppd="$2"
    local ppd_path="/usr/share/cups/model/$ppd"
    [ -f "$ppd_path" ] || die "driver $ppd not installed (install the vendor driver package first)"
    log "creating CUPS queue $QUEUE_NAME -> $uri"
    as_root lpadmin -p "$QUEUE_NAME" -E -v "$uri" -P "$ppd_path" \
        -o media="$MEDIA" -o printer-is-shared=false
    as_root lpadmin -d "$QUEUE_NAME"
}

restart_cups() {
    log "restarting CUPS"
    as_root systemctl restart cups.service
    systemctl is-active --quiet cups.service || die "cups did not come back up"
}

test_print() {
    printf 'Neon Tetra\nParacheirodon innesi\n\n  2.49 each\n' |
        lp -d "$QUEUE_NAME" -o media="$MEDIA" -t "label test" >/dev/null &&
        log "test label sent"
}

main() {
    command -v lpadmin >/dev/null || die "CUPS is not installed"
    read -r vendor product ppd <<< "$(model_ids)"
    write_udev_rule "$vendor" "$product"
    sleep 2
    add_queue "$(find_uri)" "$ppd"
    restart_cups
    test_print || log "test print failed; check the label roll"
    log "done: $MODEL on queue $QUEUE_NAME"
}

main
