#!/usr/bin/env bash
# install_label_printer.sh -- set up the thermal label printer used at the
# quilt-show intake desk to print entry tags and hanging-sleeve labels.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-IntakeLabels}"
PRINTER_URI="${PRINTER_URI:-usb://Zebra/ZD421?serial=D4J000000}"
PPD_SRC="${PPD_SRC:-./drivers/zd421-guild.ppd}"
MODEL_DIR="${MODEL_DIR:-/usr/share/cups/model/guild}"
LABEL_SIZE="${LABEL_SIZE:-w288h144}"    # 4x2 inch tags
ELEVATE="${ELEVATE:-sudo}"

info() { echo "[labels] $*"; }
die() { echo "[labels] error: $*" >&2; exit 1; }

as_admin() {
    $ELEVATE "$@"
}

check_inputs() {
    [ -f "$PPD_SRC" ] || die "driver file $PPD_SRC not found (run from the kit folder)"
    command -v lpadmin >/dev/null || die "CUPS is not installed"
}

install_driver() {
    info "copying driver into $MODEL_DIR"
    as_admin install -d -m 0755 "$MODEL_DIR"
    as_admin install -m 0644 "$PPD_SRC" "$MODEL_DIR/$(basename "$PPD_SRC")"
}

add_queue() {
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        info "queue $PRINTER_NAME already exists, updating"
        as_admin lpadmin -x "$PRINTER_NAME"
    fi
    as_admin lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" \
        -P "$MODEL_DIR/$(basename "$PPD_SRC")" \
        -o media="$LABEL_SIZE" -o printer-is-shared=false
    as_admin lpadmin -d "$PRINTER_NAME"
}

restart_spooler() {
    info "restarting the print spooler"
    as_admin systemctl restart cups
}

test_print() {
    local tag
    tag="$(mktemp --suffix=.txt)"
    trap 'rm -f "$tag"' EXIT
    printf 'ENTRY #000\nRiverbend Quilt Show\nTest tag\n' > "$tag"
    lp -d "$PRINTER_NAME" "$tag" && info "test tag sent"
}

main() {
    check_inputs
    install_driver
    add_queue
    restart_spooler
    if [ "${1:-}" = "--test" ]; then
        test_print
    fi
    info "done; choose '$PRINTER_NAME' when printing entry tags"
}

main "$@"
