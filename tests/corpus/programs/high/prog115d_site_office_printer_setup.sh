#!/usr/bin/env bash
# site_office_printer_setup - get a site-office laptop printing to the plan
# plotter and the A4 laser in the job trailer.
#
# Reads printers from trailer_printers.conf (same directory):
#   queue_name  host_or_ip  model_driver         description
#   plotter     10.40.0.21  drv:///sample.drv/generic  "HP DesignJet T650 - plans"
#   trailer_a4  10.40.0.22  everywhere           "Brother HL-L5100 - forms"
#
# Usage: site_office_printer_setup.sh [--site SITE_CODE] [--no-install]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
CONF=${PRINTER_CONF:-$HERE/trailer_printers.conf}
SITE_CODE=${SITE_CODE:-$(hostname -s)}
INSTALL_PKGS=1
PKGS=(cups cups-client cups-filters printer-driver-hpcups avahi-utils)

log()  { echo "[printer-setup] $*"; }
fail() { echo "[printer-setup] ERROR: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --site)       SITE_CODE=$2; shift 2 ;;
        --no-install) INSTALL_PKGS=0; shift ;;
        -h|--help)    sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *)            fail "unknown option $1" ;;
    esac
done

[[ -r $CONF ]] || fail "missing $CONF"

if [[ $EUID -ne 0 ]]; then
    AS_ROOT=(sudo -n)
    if ! sudo -n true 2>/dev/null; then
        log "admin rights needed - you may be asked for your password"
        AS_ROOT=(sudo)
    fi
else
    AS_ROOT=()
fi

install_packages() {
    log "installing CUPS and drivers"
    "${AS_ROOT[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${AS_ROOT[@]}" apt-get install -y -qq "${PKGS[@]}"
}

pin_host() {
    # trailer LTE routers do not run DNS for the LAN, so pin printer names
    local name=$1 addr=$2
    if ! grep -qE "^[0-9.]+[[:space:]]+${name}\.trailer\b" /etc/hosts; then
        printf '%s\t%s.trailer\t# %s printers\n' "$addr" "$name" "$SITE_CODE" \
            | "${AS_ROOT[@]}" tee -a /etc/hosts >/dev/null
        log "added $name.trailer -> $addr to /etc/hosts"
    fi
}

add_queue() {
    local queue=$1 host=$2 driver=$3 desc=$4 uri
    uri="ipp://${queue}.trailer/ipp/print"
    if lpstat -p "$queue" >/dev/null 2>&1; then
        log "queue $queue exists, updating"
    fi
    "${AS_ROOT[@]}" lpadmin -p "$queue" -E -v "$uri" -m "$driver" \
        -D "$desc" -L "$SITE_CODE trailer" -o printer-is-shared=false
    "${AS_ROOT[@]}" cupsenable "$queue"
    "${AS_ROOT[@]}" cupsaccept "$queue"
}

[[ $INSTALL_PKGS -eq 1 ]] && install_packages

# let the foreman manage the queues without calling the office
if ! id -nG "${SUDO_USER:-$USER}" | grep -qw lpadmin; then
    "${AS_ROOT[@]}" usermod -aG lpadmin "${SUDO_USER:-$USER}"
    log "added ${SUDO_USER:-$USER} to lpadmin (log out and back in to take effect)"
fi

first_queue=""
while read -r queue host driver desc; do
    [[ -z $queue || $queue == \#* ]] && continue
    desc=${desc//\"/}
    pin_host "$queue" "$host"
    add_queue "$queue" "$host" "$driver" "$desc"
    if [[ -z $first_queue ]]; then first_queue=$queue; fi
done < "$CONF"

if [[ -n $first_queue ]]; then
    "${AS_ROOT[@]}" lpadmin -d "$first_queue"
    log "default printer: $first_queue"
fi

"${AS_ROOT[@]}" systemctl restart cups
log "done - test with: lp -d ${first_queue:-plotter} /usr/share/cups/data/testprint"
