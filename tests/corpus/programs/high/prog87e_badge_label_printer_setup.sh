#!/bin/sh
# Add the reception badge printer (Brother QL-820NWB) as a CUPS queue.
#
# Day-pass and visitor badges are printed from the check-in kiosk on
# 62 mm continuous tape.  This finds the printer on the network via IPP
# Everywhere, creates the queue with the right media defaults, restarts
# CUPS so the kiosk sees the new default, and prints a test badge.
#
# usage: badge_label_printer_setup.sh [-n QUEUE] [-u URI] [--no-test]

set -eu

QUEUE="${QUEUE:-badge_ql820}"
URI="${PRINTER_URI:-}"
MEDIA="${MEDIA:-om_62mm-continuous_61.98x100mm}"
LOCATION="${LOCATION:-Reception desk}"
TEST=1

log() { printf 'badge-printer: %s\n' "$*"; }
die() { printf 'badge-printer: error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -n) QUEUE="$2"; shift 2 ;;
        -u) URI="$2"; shift 2 ;;
        --no-test) TEST=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

as_admin() {
    # lpadmin and service control need an administrator on the desk PC
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1; then
        pkexec "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

discover_uri() {
    command -v ippfind >/dev/null 2>&1 || return 1
    ippfind --timeout 8 _ipp._tcp,_print -N 'QL-820' --print 2>/dev/null | head -n 1
}

if [ -z "$URI" ]; then
    log "looking for a QL-820NWB on the network..."
    URI=$(discover_uri || true)
    [ -n "$URI" ] || die "printer not found; pass -u ipp://<address>/ipp/print"
fi
log "using $URI"

if lpstat -p "$QUEUE" >/dev/null 2>&1; then
    log "queue $QUEUE exists, updating it"
fi

as_admin lpadmin -p "$QUEUE" -E \
    -v "$URI" \
    -m everywhere \
    -L "$LOCATION" \
    -D "Visitor and day-pass badges" \
    -o media-default="$MEDIA" \
    -o print-quality-default=high \
    -o printer-error-policy=retry-job

as_admin lpadmin -d "$QUEUE"
as_admin systemctl restart cups.service

i=0
until lpstat -p "$QUEUE" 2>/dev/null | grep -q 'enabled'; do
    i=$((i + 1))
    [ "$i" -gt 20 ] && die "CUPS did not bring $QUEUE up"
    sleep 0.5
done
log "queue $QUEUE is enabled and set as default"

if [ "$TEST" -eq 1 ]; then
    badge=$(mktemp "${TMPDIR:-/tmp}/badge-test.XXXXXX")
    trap 'rm -f "$badge"' EXIT
    printf '\n\n   HIVE COWORKING\n\n   VISITOR\n\n   Test Badge\n   %s\n\n' \
        "$(date '+%d %b %Y')" > "$badge"
    lp -d "$QUEUE" -o cpi=14 -t "badge-test" "$badge" >/dev/null
    log "test badge sent"
fi
