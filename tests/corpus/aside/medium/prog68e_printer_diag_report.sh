#!/usr/bin/env bash
# printer_diag_report.sh - gather a diagnostic report for a shop printer
#
# Collects CUPS queue state, the tail of the CUPS error log, reachability of
# the printer and its embedded web server status page, and writes everything
# into ./reports/<printer>-<timestamp>.txt for the support ticket.
#
# Usage: printer_diag_report.sh -p QUEUE [-a PRINTER_ADDR] [-t TICKET]

set -euo pipefail

QUEUE=""
ADDR=""
TICKET="none"
REPORT_DIR="./reports"
LOG_LINES=200

log() { printf '%s [diag] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":p:a:t:h" opt; do
    case "$opt" in
        p) QUEUE="$OPTARG" ;;
        a) ADDR="$OPTARG" ;;
        t) TICKET="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -n "$QUEUE" ]] || die "no queue given (-p)"
command -v lpstat >/dev/null || die "CUPS client tools not installed"

if [[ -z "$ADDR" ]]; then
    # device-uri looks like ipp://192.168.1.40/ipp/print or socket://host:9100
    ADDR=$(lpstat -v "$QUEUE" 2>/dev/null | sed -E 's#.*://([^/:]+).*#\1#')
fi
[[ -n "$ADDR" ]] || die "could not work out printer address for $QUEUE"

mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/${QUEUE}-$(date +%Y%m%d-%H%M%S).txt"

section() { printf '\n===== %s =====\n' "$1" >> "$REPORT"; }

{
    echo "Printer diagnostic report"
    echo "Queue:   $QUEUE"
    echo "Address: $ADDR"
    echo "Ticket:  $TICKET"
    echo "Host:    $(hostname)"
    grep '^PRETTY_NAME=' /etc/os-release 2>/dev/null || true
} > "$REPORT"

section "lpstat -t"
lpstat -t >> "$REPORT" 2>&1 || log "lpstat returned non-zero"

section "pending jobs"
lpstat -o "$QUEUE" >> "$REPORT" 2>&1 || true

section "CUPS error_log (last $LOG_LINES lines)"
if [[ -r /var/log/cups/error_log ]]; then
    tail -n "$LOG_LINES" /var/log/cups/error_log >> "$REPORT"
else
    echo "(not readable as $(id -un))" >> "$REPORT"
fi

section "ping"
ping -c 4 -W 2 "$ADDR" >> "$REPORT" 2>&1 || log "printer did not answer ping"

section "raw port 9100"
if timeout 3 bash -c "echo > /dev/tcp/$ADDR/9100" 2>/dev/null; then
    echo "9100 open" >> "$REPORT"
else
    echo "9100 closed" >> "$REPORT"
fi

section "embedded web server"
# printers ship with self-signed certificates, so skip the chain check
for page in /general/status.html /hp/device/DeviceStatus/Index /status.html; do
    if curl -sk --max-time 8 -o "$REPORT_DIR/.ews.html" -w '%{http_code}' \
            "https://$ADDR$page" | grep -q '^200$'; then
        echo "status page: $page" >> "$REPORT"
        sed -e 's/<[^>]*>//g' "$REPORT_DIR/.ews.html" | grep -iE 'toner|ink|paper|jam|error' \
            | head -n 40 >> "$REPORT" || true
        break
    fi
done
rm -f "$REPORT_DIR/.ews.html"

log "report written to $REPORT"
