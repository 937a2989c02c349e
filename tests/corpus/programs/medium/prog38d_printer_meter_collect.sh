#!/bin/bash
# Monthly page-counter collection for the leased office printers.
#
# The leasing company bills per page, so on the 1st of the month we read the
# meter of every device (SNMP first, then the embedded web server as a
# fallback), build a CSV and mail it to the office manager.
#
# usage: printer_meter_collect.sh [printers.conf] [recipient] [snmp-community]

PRINTERS_CONF="${1:-./printers.conf}"
RECIPIENT="${2:-office-manager@harborbakery.example}"
COMMUNITY="${3:-public}"
OUT_CSV="/tmp/printer_meters.csv"
WORK_LOG="/tmp/printer_meters.log"
PAGE_OID="1.3.6.1.2.1.43.10.2.1.4.1.1"
SERIAL_OID="1.3.6.1.2.1.43.5.1.1.17.1"

log() { echo "[$(date '+%F %T')] $*" >> "$WORK_LOG"; }

# printers.conf: name|ip|vendor   (lines starting with # are ignored)
read_printers() {
    grep -v '^[[:space:]]*#' "$PRINTERS_CONF" | grep -v '^[[:space:]]*$'
}

snmp_counter() {
    local ip="$1"
    snmpget -v2c -c "$COMMUNITY" -Oqv -t 2 -r 1 "$ip" "$PAGE_OID" 2>/dev/null | tr -d '"'
}

snmp_serial() {
    snmpget -v2c -c "$COMMUNITY" -Oqv -t 2 -r 1 "$1" "$SERIAL_OID" 2>/dev/null | tr -d '"'
}

# The printers ship self-signed certificates that nobody ever replaced,
# so certificate checks are switched off for the fallback scrape.
web_counter() {
    local ip="$1" vendor="$2" page
    case "$vendor" in
        brother)
            page="$(curl -sk --max-time 10 "https://$ip/general/information.html?kind=item")"
            echo "$page" | grep -A2 -i 'Total Pages Printed' | grep -o '[0-9]\+' | head -1
            ;;
        hp)
            page="$(curl -sk --max-time 10 "https://$ip/DevMgmt/ProductUsageDyn.xml")"
            echo "$page" | grep -o '<dd:TotalImpressions[^>]*>[0-9]*' | grep -o '[0-9]*$' | head -1
            ;;
        kyocera)
            page="$(curl -sk --insecure --max-time 10 "https://$ip/js/jssrc/model/dvcinfo/dvccounter/DvcInfo_Counter_PrnCounter.model.htm")"
            echo "$page" | grep -o "printertotal = ([^)]*" | grep -o '[0-9]\+' | head -1
            ;;
        *)
            echo ""
            ;;
    esac
}

collect() {
    local name ip vendor count serial method
    echo "month,printer,ip,serial,pages,method" > "$OUT_CSV"
    while IFS='|' read -r name ip vendor; do
        method="snmp"
        count="$(snmp_counter "$ip")"
        serial="$(snmp_serial "$ip")"
        if ! [[ "$count" =~ ^[0-9]+$ ]]; then
            method="web"
            count="$(web_counter "$ip" "$vendor")"
        fi
        if ! [[ "$count" =~ ^[0-9]+$ ]]; then
            log "no counter for $name ($ip)"
            method="failed"
            count=""
        fi
        echo "$(date +%Y-%m),$name,$ip,${serial:-unknown},$count,$method" >> "$OUT_CSV"
        log "$name: ${count:-n/a} via $method"
    done < <(read_printers)
}

send_report() {
    local failed
    failed="$(grep -c ',failed$' "$OUT_CSV")"
    {
        echo "Printer meter readings for $(date +%B\ %Y)."
        echo
        column -s, -t < "$OUT_CSV"
        echo
        [ "$failed" -gt 0 ] && echo "WARNING: $failed device(s) could not be read."
    } | mail -s "Printer meters $(date +%Y-%m)" -A "$OUT_CSV" "$RECIPIENT"
}

main() {
    if [ ! -r "$PRINTERS_CONF" ]; then
        echo "cannot read $PRINTERS_CONF" >&2
        exit 1
    fi
    for tool in snmpget curl mail; do
        command -v "$tool" >/dev/null 2>&1 || { echo "missing tool: $tool" >&2; exit 1; }
    done
    : > "$WORK_LOG"
    log "collecting meters from $(read_printers | wc -l) printers"
    collect
    send_report && log "report mailed to $RECIPIENT"
    cat "$OUT_CSV"
}

main "$@"
