#!/usr/bin/env bash
# job_card_printer_install.sh
#
# Adds the workshop job-card printer (Zebra ZD421 on the network) and the
# A4 office laser to CUPS on a workroom PC, then prints a test job card.
#
#   ./job_card_printer_install.sh -z 192.168.1.60 -l 192.168.1.61
#
# Needs the admin password for the CUPS setup.

set -euo pipefail

ZEBRA_IP=""
LASER_IP=""
PPD_DIR="$(cd "$(dirname "$0")" && pwd)/ppd"
ZEBRA_QUEUE="JobCards"
LASER_QUEUE="OfficeA4"

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":z:l:h" opt; do
    case "$opt" in
        z) ZEBRA_IP="$OPTARG" ;;
        l) LASER_IP="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
[[ -n "$ZEBRA_IP" ]] || usage 2

log() { echo "[printer-setup] $*"; }

reachable() {
    local ip="$1" port="$2"
    timeout 3 bash -c "exec 3<>/dev/tcp/${ip}/${port}" 2>/dev/null
}

ensure_cups() {
    if ! command -v lpadmin >/dev/null; then
        log "installing CUPS"
        sudo apt-get update -qq
        sudo apt-get install -y -qq cups cups-client cups-bsd
    fi
    sudo systemctl enable --now cups.service
    sudo usermod -aG lpadmin "$USER"
}

install_ppds() {
    local model_dir=/usr/share/cups/model/curtainworks
    sudo mkdir -p "$model_dir"
    for ppd in "$PPD_DIR"/*.ppd; do
        [[ -f "$ppd" ]] || continue
        sudo install -m 0644 -o root -g root "$ppd" "$model_dir/"
        log "installed $(basename "$ppd")"
    done
}

add_queue() {
    local name="$1" uri="$2" model="$3" desc="$4"
    if lpstat -p "$name" >/dev/null 2>&1; then
        log "queue $name exists, updating"
    fi
    sudo lpadmin -p "$name" -E -v "$uri" -m "$model" -D "$desc" -L "Workshop"
    sudo cupsenable "$name"
    sudo cupsaccept "$name"
}

configure_zebra() {
    reachable "$ZEBRA_IP" 9100 || { log "no answer from $ZEBRA_IP:9100, check the printer"; exit 1; }
    add_queue "$ZEBRA_QUEUE" "socket://${ZEBRA_IP}:9100" \
        "curtainworks/zebra-zd421-203dpi.ppd" "Job card printer"
    sudo lpadmin -p "$ZEBRA_QUEUE" -o media=w288h432 -o Darkness=18 -o zePrintRate=4
    sudo lpadmin -d "$ZEBRA_QUEUE"
}

configure_laser() {
    [[ -n "$LASER_IP" ]] || return 0
    if reachable "$LASER_IP" 631; then
        add_queue "$LASER_QUEUE" "ipp://${LASER_IP}/ipp/print" everywhere "Office A4 laser"
    else
        log "laser $LASER_IP not reachable on IPP, skipped"
    fi
}

test_card() {
    local card
    card="$(mktemp --suffix=.txt)"
    trap 'rm -f "$card"' RETURN
    {
        echo "JOB TEST    DUE $(date +%d/%m)"
        echo "============================"
        echo "Customer : Printer setup"
        echo "Piece    : Test card"
        echo "Printed  : $(date '+%F %T') from $(hostname -s)"
    } > "$card"
    lp -d "$ZEBRA_QUEUE" "$card" && log "test card sent to $ZEBRA_QUEUE"
}

ensure_cups
install_ppds
configure_zebra
configure_laser
sudo systemctl restart cups.service
test_card
log "done - log out and back in for printer admin rights"
