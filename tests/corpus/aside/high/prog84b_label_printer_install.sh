#!/bin/sh
# label_printer_install.sh - add the dispensary thermal label printer to CUPS.
#
# Finds a Zebra or DYMO label printer on USB, installs the vendor PPD, creates
# the "RxLabels" queue with the 2x4" label media as default and lets pharmacy
# staff manage the queue. Run once per dispensary PC after plugging the printer in.
#
#   ./label_printer_install.sh [--queue NAME] [--ppd FILE] [--media w102h51]

set -eu

QUEUE="RxLabels"
PPD_SRC=""
MEDIA="w102h51"
STAFF_GROUP="pharmacy"
PPD_DIR="/usr/share/cups/model/rxlabels"
LOGFILE="./label_printer_install.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }
fail() { log "ERROR: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --queue) QUEUE="$2"; shift 2 ;;
        --ppd) PPD_SRC="$2"; shift 2 ;;
        --media) MEDIA="$2"; shift 2 ;;
        --group) STAFF_GROUP="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT="sudo"
elif command -v pkexec >/dev/null 2>&1; then
    AS_ROOT="pkexec"
else
    fail "this must be run as root or with sudo available"
fi

find_printer_uri() {
    # lpinfo lists backends as: "direct usb://Zebra%20Technologies/ZTC%20GK420d?serial=..."
    $AS_ROOT lpinfo --include-schemes usb -v 2>/dev/null \
        | awk '/usb:\/\/(Zebra|DYMO|Brother)/ {print $2; exit}'
}

pick_ppd() {
    uri="$1"
    if [ -n "$PPD_SRC" ]; then echo "$PPD_SRC"; return; fi
    case "$uri" in
        *Zebra*) echo "./ppd/zebra-zpl-203dpi.ppd" ;;
        *DYMO*) echo "./ppd/dymo-labelwriter-4xl.ppd" ;;
        *Brother*) echo "./ppd/brother-ql-820nwb.ppd" ;;
        *) echo "" ;;
    esac
}

log "looking for a USB label printer"
URI="$(find_printer_uri || true)"
[ -n "$URI" ] || fail "no Zebra/DYMO/Brother printer found on USB - is it switched on?"
log "found printer at $URI"

PPD="$(pick_ppd "$URI")"
[ -n "$PPD" ] && [ -f "$PPD" ] || fail "no PPD for this model; pass --ppd"

log "installing PPD $PPD into $PPD_DIR"
$AS_ROOT install -d -m 0755 "$PPD_DIR"
$AS_ROOT install -m 0644 "$PPD" "$PPD_DIR/$(basename "$PPD")"

if lpstat -p "$QUEUE" >/dev/null 2>&1; then
    log "queue $QUEUE exists, replacing it"
    $AS_ROOT lpadmin -x "$QUEUE"
fi

$AS_ROOT lpadmin -p "$QUEUE" -E \
    -v "$URI" \
    -P "$PPD_DIR/$(basename "$PPD")" \
    -D "Dispensary label printer" \
    -L "Dispensary bench" \
    -o media="$MEDIA" \
    -o printer-error-policy=retry-job \
    -o printer-is-shared=false
$AS_ROOT lpadmin -d "$QUEUE"

# staff need to clear stuck label jobs without calling IT
if getent group "$STAFF_GROUP" >/dev/null; then
    if ! grep -q "^SystemGroup.*$STAFF_GROUP" /etc/cups/cups-files.conf; then
        log "allowing group $STAFF_GROUP to administer CUPS queues"
        $AS_ROOT sed -i "s/^SystemGroup \(.*\)$/SystemGroup \1 $STAFF_GROUP/" /etc/cups/cups-files.conf
    fi
fi

log "restarting CUPS"
$AS_ROOT systemctl restart cups.service
sleep 2

if lpstat -p "$QUEUE" | grep -q "enabled"; then
    log "queue $QUEUE ready; printing a test label"
    printf '^XA^FO40,40^A0N,40,40^FDRxLabels test %s^FS^XZ\n' "$(hostname)" \
        | lp -d "$QUEUE" -o raw >/dev/null && log "test label sent"
else
    fail "queue $QUEUE did not come up; check /var/log/cups/error_log"
fi
