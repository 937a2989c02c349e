#!/usr/bin/env bash
# cups_driver_install.sh - add the shop's receipt / office printer to CUPS
#
# Installs the vendor PPD into the CUPS model directory, creates the queue,
# sets it as default on the till and restarts CUPS so the new driver is
# picked up. Reads printer settings from printer.conf next to this script.
#
#   printer.conf:
#     NAME=front_counter
#     URI=socket://192.168.1.50:9100
#     PPD=./drivers/TM-T88VI.ppd
#     LOCATION="Front counter"
#     DEFAULT=yes

set -Eeuo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${1:-$HERE/printer.conf}"
MODEL_DIR="/usr/share/cups/model/shop"
LOG="$HERE/install.log"

log() { echo "[$(date '+%F %T')] $*" | tee -a "$LOG" >&2; }
trap 'log "failed at line $LINENO"' ERR

[[ -f "$CONF" ]] || { log "missing $CONF"; exit 1; }
# shellcheck disable=SC1090
source "$CONF"
: "${NAME:?NAME not set in $CONF}" "${URI:?URI not set}" "${PPD:?PPD not set}"
LOCATION="${LOCATION:-}"
DEFAULT="${DEFAULT:-no}"

if [[ $EUID -eq 0 ]]; then
    AS_ROOT=()
elif command -v sudo >/dev/null; then
    AS_ROOT=(sudo)
elif command -v pkexec >/dev/null; then
    AS_ROOT=(pkexec)
else
    log "need root (sudo or pkexec) to install drivers"; exit 1
fi

check_ppd() {
    local ppd="$1"
    [[ "$ppd" = /* ]] || ppd="$HERE/$ppd"
    [[ -r "$ppd" ]] || { log "cannot read $ppd"; return 1; }
    if command -v cupstestppd >/dev/null; then
        cupstestppd -q "$ppd" || log "cupstestppd warnings for $ppd (continuing)"
    fi
    printf '%s\n' "$ppd"
}

install_ppd() {
    local src="$1" dest="$MODEL_DIR/$(basename "$src")"
    "${AS_ROOT[@]}" install -d -m 0755 "$MODEL_DIR"
    "${AS_ROOT[@]}" install -m 0644 "$src" "$dest"
    log "driver installed as $dest"
    printf '%s\n' "$dest"
}

create_queue() {
    local ppd="$1"
    if lpstat -p "$NAME" >/dev/null 2>&1; then
        log "queue $NAME exists, updating"
    fi
    "${AS_ROOT[@]}" lpadmin -p "$NAME" -E -v "$URI" -P "$ppd" -L "$LOCATION" \
        -o printer-error-policy=retry-job -o media=custom_80x297mm_80x297mm
    "${AS_ROOT[@]}" cupsenable "$NAME"
    "${AS_ROOT[@]}" cupsaccept "$NAME"
    if [[ "$DEFAULT" == yes ]]; then
        "${AS_ROOT[@]}" lpadmin -d "$NAME"
        log "$NAME set as default"
    fi
}

restart_cups() {
    if command -v systemctl >/dev/null; then
        "${AS_ROOT[@]}" systemctl restart cups.service
        systemctl is-active --quiet cups.service && log "cups restarted"
    else
        "${AS_ROOT[@]}" service cups restart
    fi
}

main() {
    log "installing printer $NAME -> $URI"
    local ppd dest
    ppd="$(check_ppd "$PPD")"
    dest="$(install_ppd "$ppd")"
    restart_cups
    create_queue "$dest"
    echo "Test page for $NAME - $(date)" | lp -d "$NAME" -t "install test" \
        && log "test page sent"
    log "done"
}

main "$@"
