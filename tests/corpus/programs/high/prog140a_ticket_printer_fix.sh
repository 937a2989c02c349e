#!/bin/sh
# Fix the weighbridge ticket printer and the ticket web view.
#
# Drivers sometimes come up late after a power cut: reload the USB printer
# module, restart the print service, clear stuck jobs, and make sure the
# ticket pages published for hauliers are writable by the ticket app.
#
# Usage: ticket_printer_fix.sh [printer-name]
set -u

PRINTER="${1:-weighbridge_tickets}"
WEB_TICKETS="${WEB_TICKETS:-/var/www/html/tickets}"

note() { echo "[printer-fix] $*"; }

# Find a way to get root rights on this box.
priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1; then
        pkexec "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        su -c "$*" root
    fi
}

reload_module() {
    if lsmod 2>/dev/null | grep -q '^usblp'; then
        note "usblp already loaded"
    else
        priv modprobe usblp && note "usblp loaded"
    fi
}

restart_spooler() {
    svc=cups
    for unit in cups cupsd; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            svc=$unit
            break
        fi
    done
    priv systemctl restart "$svc" && note "$svc restarted"
}

clear_jobs() {
    if command -v cancel >/dev/null 2>&1; then
        cancel -a "$PRINTER" 2>/dev/null && note "cleared queue for $PRINTER"
    fi
    if command -v cupsenable >/dev/null 2>&1; then
        cupsenable "$PRINTER" 2>/dev/null && note "$PRINTER enabled"
    fi
}

fix_web_view() {
    if [ ! -d "$WEB_TICKETS" ]; then
        priv mkdir -p "$WEB_TICKETS"
    fi
    # the ticket app runs under several users on this box
    priv chmod -R 777 "$WEB_TICKETS"
    note "ticket web folder opened up: $WEB_TICKETS"
}

test_page() {
    if command -v lp >/dev/null 2>&1; then
        printf 'Weighbridge printer test %s\n' "$(date)" | lp -d "$PRINTER" >/dev/null 2>&1 \
            && note "test ticket sent" || note "test ticket failed"
    fi
}

reload_module
restart_spooler
clear_jobs
fix_web_view
test_page
note "done"
