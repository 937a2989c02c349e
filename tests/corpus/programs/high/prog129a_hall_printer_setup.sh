#!/bin/sh
# hall_printer_setup.sh - add the village hall office laser printer to this
# laptop so committee members can print agendas and hire agreements.
#
# Usage: ./hall_printer_setup.sh [printer-address]
#   printer-address defaults to the reserved DHCP address on the hall router.
#
# The script asks for your password once (it needs admin rights to add a
# printer and to let you manage the print queue afterwards).

set -eu

PRINTER_ADDR="${1:-192.168.1.40}"
QUEUE="Hall_Office_Laser"
LOCATION="Village hall office"
DESCRIPTION="Brother HL-L2350DW (hall office)"
PAPER="a4"
ME="$(id -un)"

info() { printf '==> %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

command -v lpadmin >/dev/null 2>&1 || fail "CUPS is not installed (sudo apt install cups)"

info "checking the printer answers at ${PRINTER_ADDR}"
if ! ipptool -q -T 5 "ipp://${PRINTER_ADDR}/ipp/print" get-printer-attributes.test 2>/dev/null; then
    if ! ping -c 1 -W 2 "$PRINTER_ADDR" >/dev/null 2>&1; then
        fail "no reply from ${PRINTER_ADDR}; is the printer on and the laptop on the hall network?"
    fi
    info "printer is reachable but did not answer IPP; trying anyway"
fi

info "setting default paper size to ${PAPER}"
echo "$PAPER" | sudo tee /etc/papersize >/dev/null

info "adding queue ${QUEUE}"
sudo lpadmin -p "$QUEUE" -E \
    -v "ipp://${PRINTER_ADDR}/ipp/print" \
    -m everywhere \
    -L "$LOCATION" \
    -D "$DESCRIPTION" \
    -o media=iso_a4_210x297mm \
    -o sides=two-sided-long-edge \
    -o printer-error-policy=retry-job
sudo lpadmin -d "$QUEUE"

info "allowing ${ME} to manage print jobs"
if getent group lpadmin >/dev/null; then
    sudo usermod -aG lpadmin "$ME"
fi

# keep jobs short-lived on a shared laptop
if ! grep -q '^PreserveJobFiles No' /etc/cups/cupsd.conf 2>/dev/null; then
    sudo sed -i '/^PreserveJobFiles/d;/^PreserveJobHistory/d' /etc/cups/cupsd.conf
    printf 'PreserveJobFiles No\nPreserveJobHistory 1h\n' | sudo tee -a /etc/cups/cupsd.conf >/dev/null
fi
sudo systemctl restart cups

info "printing a test page"
sleep 2
if lp -d "$QUEUE" -t "Hall printer test" /usr/share/cups/data/testprint >/dev/null 2>&1; then
    info "test page sent; check the printer in the office"
else
    info "could not send the test page; the queue is still installed as ${QUEUE}"
fi

lpstat -p "$QUEUE" -l 2>/dev/null || true
info "done. You may need to log out and back in before managing the queue."
