#!/usr/bin/env bash
# seal_printer_setup.sh - add the office's certificate/seal label printer.
#
# Installs the vendor PPD, creates the CUPS queue "notary-seal" with the
# embossed-label media defaults used for certificates of acknowledgment,
# and makes it the default for the "Certificates" print profile.
#
# Usage: seal_printer_setup.sh -u ipp://10.20.0.41/ipp/print [-p vendor.ppd]

set -euo pipefail

QUEUE="notary-seal"
URI=""
PPD_SRC="./drivers/seal-label-300dpi.ppd"
MEDIA="Custom.2x2in"
PPD_DIR="/usr/share/cups/model/notary"

log() { echo "[seal-printer] $*"; }

while getopts ":u:p:q:m:h" opt; do
    case "$opt" in
        u) URI="$OPTARG" ;;
        p) PPD_SRC="$OPTARG" ;;
        q) QUEUE="$OPTARG" ;;
        m) MEDIA="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 64 ;;
    esac
done

[[ -n "$URI" ]] || { echo "printer URI required (-u)" >&2; exit 64; }
[[ -f "$PPD_SRC" ]] || { echo "PPD not found: $PPD_SRC" >&2; exit 66; }

SUDO=()
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "needs root or sudo" >&2; exit 77; }
    SUDO=(sudo)
fi

check_cups() {
    if ! lpstat -r >/dev/null 2>&1; then
        log "CUPS scheduler not running, starting it"
        "${SUDO[@]}" systemctl enable --now cups.service
    fi
}

install_ppd() {
    "${SUDO[@]}" install -d -m 0755 "$PPD_DIR"
    "${SUDO[@]}" install -m 0644 "$PPD_SRC" "$PPD_DIR/$(basename "$PPD_SRC")"
    log "PPD installed to $PPD_DIR"
}

create_queue() {
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        log "queue $QUEUE exists, updating"
    fi
    "${SUDO[@]}" lpadmin -p "$QUEUE" -E -v "$URI" \
        -P "$PPD_DIR/$(basename "$PPD_SRC")" \
        -D "Notary seal / certificate labels" \
        -L "Front desk" \
        -o media="$MEDIA" -o printer-error-policy=retry-job
    "${SUDO[@]}" cupsenable "$QUEUE"
    "${SUDO[@]}" cupsaccept "$QUEUE"
}

write_profile() {
    local conf="/etc/cups/lpoptions.d"
    "${SUDO[@]}" mkdir -p "$conf"
    printf 'Dest %s media=%s fit-to-page=true\n' "$QUEUE" "$MEDIA" |
        "${SUDO[@]}" tee "$conf/certificates" >/dev/null
    "${SUDO[@]}" systemctl restart cups.service
    log "Certificates profile written to $conf/certificates"
}

test_page() {
    if [[ -f ./samples/acknowledgment_label.pdf ]]; then
        lp -d "$QUEUE" -o media="$MEDIA" ./samples/acknowledgment_label.pdf
        log "test label sent"
    fi
}

check_cups
install_ppd
create_queue
write_profile
test_page
log "printer $QUEUE ready at $URI"
