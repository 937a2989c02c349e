#!/usr/bin/env bash
# Clubhouse printer setup
#
# Adds the bar's receipt printer and the committee-room laser to the
# clubhouse laptop so team sheets and match fees receipts print without
# anyone fiddling with the CUPS web page.
set -euo pipefail

LASER_IP="${LHCC_LASER_IP:-192.0.2.41}"
RECEIPT_IP="${LHCC_RECEIPT_IP:-192.0.2.42}"
LASER_NAME="CommitteeRoom_Laser"
RECEIPT_NAME="Bar_Receipts"
PPD_SRC="${PPD_SRC:-./ppd}"
PPD_DEST="/usr/share/cups/model/lhcc"
ADMIN_USER="${SUDO_USER:-$USER}"

as_admin() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

log() { printf '[printers] %s\n' "$*"; }

install_ppds() {
    [[ -d "$PPD_SRC" ]] || { log "no PPD directory at $PPD_SRC"; return 0; }
    as_admin install -d -m 0755 "$PPD_DEST"
    local ppd
    for ppd in "$PPD_SRC"/*.ppd; do
        [[ -e "$ppd" ]] || continue
        as_admin install -m 0644 "$ppd" "$PPD_DEST/"
        log "installed $(basename "$ppd")"
    done
}

add_host_aliases() {
    local line
    for line in "$LASER_IP laser.clubhouse.lan" "$RECEIPT_IP receipts.clubhouse.lan"; do
        if ! grep -qF "$line" /etc/hosts; then
            echo "$line" | as_admin tee -a /etc/hosts >/dev/null
            log "added hosts entry: $line"
        fi
    done
}

grant_print_admin() {
    if ! id -nG "$ADMIN_USER" | grep -qw lpadmin; then
        as_admin usermod -aG lpadmin "$ADMIN_USER"
        log "$ADMIN_USER can now manage printers (log out and back in)"
    fi
}

add_queues() {
    as_admin lpadmin -p "$LASER_NAME" -E \
        -v "ipp://laser.clubhouse.lan/ipp/print" -m everywhere \
        -L "Committee room" -D "Committee room laser"
    as_admin lpadmin -p "$RECEIPT_NAME" -E \
        -v "socket://receipts.clubhouse.lan:9100" \
        -P "$PPD_DEST/tm-t20.ppd" -L "Bar" -D "Bar receipt printer" || \
        log "receipt queue needs tm-t20.ppd in $PPD_SRC"
    as_admin lpadmin -d "$LASER_NAME"
}

restart_cups() {
    as_admin systemctl restart cups
    log "cups restarted"
}

main() {
    log "setting up printers for $ADMIN_USER"
    install_ppds
    add_host_aliases
    grant_print_admin
    restart_cups
    add_queues
    lpstat -p -d || true
}

main "$@"
