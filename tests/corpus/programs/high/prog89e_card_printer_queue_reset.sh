#!/usr/bin/env bash
# Unstick the gift-card printer.
#
# The little Brother in the workroom regularly wedges its queue when somebody
# sends a 200-card wedding order while it is out of card stock. This script
# shows the queue, cancels jobs older than N minutes, re-enables the printer
# and, if it still reports as stopped, bounces CUPS.
#
# Usage: card_printer_queue_reset.sh [-p printer] [-a max_age_min] [-y]

set -euo pipefail

PRINTER="${CARD_PRINTER:-Brother_QL_820NWB}"
MAX_AGE=30
ASSUME_YES=0
STATE_DIR="./.printer_reset"

while getopts ":p:a:yh" flag; do
    case "$flag" in
        p) PRINTER=$OPTARG ;;
        a) MAX_AGE=$OPTARG ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,10p' "$0" | cut -c3-; exit 0 ;;
        :) echo "-$OPTARG needs a value" >&2; exit 2 ;;
        \?) echo "unknown option -$OPTARG" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/reset-$(date +%Y%m%d).log"
exec > >(tee -a "$LOG") 2>&1

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "$1 [y/N] " reply
    [[ $reply == [yY]* ]]
}

printer_state() {
    lpstat -p "$PRINTER" 2>/dev/null | awk 'NR==1{print $3}' | tr -d '.'
}

stale_jobs() {
    # lpstat -o: "<job-id> <user> <size> <weekday> <date...>"
    local now epoch id
    now=$(date +%s)
    lpstat -o "$PRINTER" 2>/dev/null | while read -r id _ _ rest; do
        epoch=$(date -d "$rest" +%s 2>/dev/null || echo "$now")
        if (( (now - epoch) / 60 >= MAX_AGE )); then
            echo "$id"
        fi
    done
}

echo "== $(date '+%F %T') queue for $PRINTER"
lpstat -o "$PRINTER" || true
echo "state: $(printer_state)"

mapfile -t old < <(stale_jobs)
if (( ${#old[@]} )); then
    echo "jobs older than ${MAX_AGE} min: ${old[*]}"
    if confirm "cancel them?"; then
        cancel "${old[@]}"
    fi
fi

if [[ $(printer_state) != idle && $(printer_state) != printing ]]; then
    echo "re-enabling $PRINTER"
    cupsenable "$PRINTER" || true
    cupsaccept "$PRINTER" || true
    sleep 3
fi

if [[ $(printer_state) == disabled || -z $(printer_state) ]]; then
    if confirm "printer still stopped - restart the CUPS service?"; then
        sudo systemctl restart cups.service
        for _ in {1..10}; do
            systemctl is-active --quiet cups.service && break
            sleep 1
        done
        cupsenable "$PRINTER" || true
    fi
fi

echo "final state: $(printer_state)"
lpstat -o "$PRINTER" || true
