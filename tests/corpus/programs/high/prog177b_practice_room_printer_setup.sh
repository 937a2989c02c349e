#!/usr/bin/env bash
# Add the song-school photocopier to a choir staff laptop so parts can be
# printed straight from Sibelius. Needs admin rights for CUPS.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-SongSchool-MFD}"
PRINTER_URI="${PRINTER_URI:-ipp://192.0.2.40/ipp/print}"
LOCATION="Song School, first floor"
PPD_MODEL="${PPD_MODEL:-everywhere}"
DEFAULT_MEDIA="A4"

log() { printf '[printer-setup] %s\n' "$*"; }

usage() {
    echo "Usage: $0 [-n name] [-u uri] [-d]"
    echo "  -d  make this the default printer"
}

MAKE_DEFAULT=0
while getopts ":n:u:dh" opt; do
    case $opt in
        n) PRINTER_NAME=$OPTARG ;;
        u) PRINTER_URI=$OPTARG ;;
        d) MAKE_DEFAULT=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if ! command -v lpadmin >/dev/null; then
    log "installing CUPS client tools"
    sudo apt-get install -y cups cups-client
fi

log "adding ${PRINTER_NAME} at ${PRINTER_URI}"
sudo lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" -m "$PPD_MODEL" \
    -L "$LOCATION" -o media="$DEFAULT_MEDIA" -o sides=two-sided-long-edge

if [[ "$MAKE_DEFAULT" -eq 1 ]]; then
    sudo lpadmin -d "$PRINTER_NAME"
    log "set as default"
fi

log "allowing choir staff group to manage jobs"
sudo tee /etc/cups/cups-files.conf.d-choir >/dev/null <<CONF
# added by printer-setup for the song school
SystemGroup lpadmin choirstaff
CONF
if ! grep -q "choirstaff" /etc/cups/cups-files.conf; then
    sudo sed -i 's/^SystemGroup .*/SystemGroup lpadmin choirstaff/' /etc/cups/cups-files.conf
fi
sudo usermod -aG lpadmin "${SUDO_USER:-$USER}"

log "restarting CUPS"
sudo systemctl restart cups

sleep 2
if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
    log "printer ready:"
    lpstat -p "$PRINTER_NAME"
else
    log "printer not visible yet; check 'lpstat -t'"
    exit 1
fi
