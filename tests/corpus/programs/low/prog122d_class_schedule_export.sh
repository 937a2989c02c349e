#!/usr/bin/env bash
# Pull the week's class timetable (boxing, pads, S&C, open mat) from the gym
# booking API and write it as an iCalendar file coaches can subscribe to.
#
#   GYM_API_TOKEN=... ./prog122d_class_schedule_export.sh [--days 7] [--out calendar/classes.ics]
#
# Requires: curl, jq

set -eu

API="${GYM_API:-https://api.ringside-bookings.com/v1}"
DAYS=7
OUT="calendar/classes.ics"
QUIET=0
KEEP=4

say() { [ "$QUIET" -eq 1 ] || echo "[schedule] $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --days)  DAYS="$2"; shift 2 ;;
        --out)   OUT="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        *) echo "usage: $0 [--days N] [--out FILE] [--quiet]" >&2; exit 2 ;;
    esac
done

for bin in curl jq; do
    command -v "$bin" >/dev/null 2>&1 || { echo "missing $bin" >&2; exit 1; }
done
[ -n "${GYM_API_TOKEN:-}" ] || { echo "GYM_API_TOKEN not set" >&2; exit 1; }

fetch_classes() {
    from="$(date -u +%Y-%m-%d)"
    to="$(date -u -d "+${DAYS} days" +%Y-%m-%d)"
    curl -fsS --max-time 30 \
        -H "Authorization: Bearer ${GYM_API_TOKEN}" \
        -H "Accept: application/json" \
        "${API}/classes?from=${from}&to=${to}&location=main"
}

to_ics() {
    jq -r '
      def stamp: sub("[-:]"; ""; "g") | sub("\\.[0-9]+"; "") ;
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Ringside//Class Schedule//EN",
      (.classes[] |
        "BEGIN:VEVENT",
        "UID:\(.id)@ringside-bookings.com",
        "DTSTART:\(.starts_at | stamp)",
        "DTEND:\(.ends_at | stamp)",
        "SUMMARY:\(.name) (\(.coach // "TBC"))",
        "LOCATION:\(.room // "Main floor")",
        "DESCRIPTION:\(.booked)/\(.capacity) booked",
        "END:VEVENT"),
      "END:VCALENDAR"'
}

rotate_snapshots() {
    snapdir="$(dirname "$OUT")/history"
    mkdir -p "$snapdir"
    cp -f "$OUT" "$snapdir/classes-$(date +%Y%m%d-%H%M).ics"
    # keep only the newest $KEEP snapshots
    ls -1t "$snapdir"/classes-*.ics 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
        rm -f "$old"
    done
}

main() {
    mkdir -p "$(dirname "$OUT")"
    tmp="${OUT}.part"
    if ! fetch_classes | to_ics > "$tmp"; then
        rm -f "$tmp"
        echo "failed to fetch timetable" >&2
        exit 1
    fi
    mv -f "$tmp" "$OUT"
    say "wrote $(grep -c '^BEGIN:VEVENT' "$OUT") classes to $OUT"
    rotate_snapshots
}

main
