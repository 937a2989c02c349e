#!/bin/sh
# Installs the label printer driver used for allergen stickers on the
# packing line and registers the printer with CUPS.

set -eu

DRIVER_SRC="${DRIVER_SRC:-./drivers/crumblabel}"
FILTER_DIR=/usr/lib/cups/filter
PPD_DIR=/usr/share/cups/model/crumblabel
PRINTER_NAME="${PRINTER_NAME:-allergen-labels}"
PRINTER_URI="${PRINTER_URI:-socket://192.0.2.55:9100}"
DRY_RUN=0

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

check_sources() {
    for f in "$DRIVER_SRC/rastertocrumb" "$DRIVER_SRC/crumblabel-62mm.ppd"; do
        if [ ! -f "$f" ]; then
            echo "missing $f" >&2
            exit 1
        fi
    done
}

install_filter() {
    echo "installing filter into $FILTER_DIR"
    run sudo install -o root -g root -m 0755 "$DRIVER_SRC/rastertocrumb" "$FILTER_DIR/rastertocrumb"
}

install_ppd() {
    echo "installing PPD into $PPD_DIR"
    run sudo mkdir -p "$PPD_DIR"
    run sudo install -o root -g root -m 0644 "$DRIVER_SRC/crumblabel-62mm.ppd" "$PPD_DIR/crumblabel-62mm.ppd"
}

configure_cups() {
    conf_snippet="/etc/cups/cups-files.conf"
    if ! grep -q '^FileDevice' "$conf_snippet" 2>/dev/null; then
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would append FileDevice No to $conf_snippet"
        else
            echo "FileDevice No" | sudo tee -a "$conf_snippet" >/dev/null
        fi
    fi
    run sudo systemctl restart cups
}

add_printer() {
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        echo "printer $PRINTER_NAME already registered"
        return 0
    fi
    run sudo lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" -P "$PPD_DIR/crumblabel-62mm.ppd"
    run sudo lpadmin -d "$PRINTER_NAME"
    echo "printer $PRINTER_NAME added at $PRINTER_URI"
}

test_page() {
    if [ -f "./samples/test-label.pdf" ]; then
        run lp -d "$PRINTER_NAME" ./samples/test-label.pdf
    else
        echo "no sample label found, skipping test print"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        --name) shift; PRINTER_NAME="$1" ;;
        --uri) shift; PRINTER_URI="$1" ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

check_sources
install_filter
install_ppd
configure_cups
add_printer
test_page
echo "label printer setup complete"
