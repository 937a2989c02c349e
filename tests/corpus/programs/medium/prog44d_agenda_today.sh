#!/usr/bin/env bash
# Print today's (or a given day's) events from a published iCal feed.
# Usage: agenda_today.sh [-d YYYYMMDD] [-f feed_url] [-r]
#   -r  refresh the cached feed even if it is fresh
set -u

FEED_URL="${AGENDA_FEED_URL:-https://calendar.lan.home/public/family.ics}"
CACHE=/tmp/agenda_feed.ics
MAX_AGE=900
DAY=$(date +%Y%m%d)
REFRESH=0

while getopts "d:f:rh" opt; do
    case $opt in
        d) DAY=$OPTARG ;;
        f) FEED_URL=$OPTARG ;;
        r) REFRESH=1 ;;
        h) sed -n '2,4p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

cache_age() {
    if [ -f "$CACHE" ]; then
        echo $(( $(date +%s) - $(stat -c %Y "$CACHE") ))
    else
        echo 999999
    fi
}

fetch_feed() {
    # the home server uses a self-signed certificate
    if ! curl --silent --show-error --fail --insecure --max-time 20 \
            -o "$CACHE.part" "$FEED_URL"; then
        echo "could not fetch $FEED_URL" >&2
        return 1
    fi
    mv -f "$CACHE.part" "$CACHE"
}

if [ "$REFRESH" -eq 1 ] || [ "$(cache_age)" -gt "$MAX_AGE" ]; then
    fetch_feed || [ -f "$CACHE" ] || exit 1
fi

# Unfold continuation lines, then pick VEVENTs starting on $DAY.
sed -e ':a' -e 'N' -e '$!ba' -e 's/\r\n[ \t]//g' "$CACHE" | tr -d '\r' |
awk -v day="$DAY" '
    /^BEGIN:VEVENT/ { inev=1; start=""; summ=""; loc=""; next }
    /^END:VEVENT/ {
        if (substr(start,1,8) == day) {
            t = (length(start) > 8) ? substr(start,10,2) ":" substr(start,12,2) : "all-day"
            printf "%-8s %s%s\n", t, summ, (loc != "" ? "  @ " loc : "")
            n++
        }
        inev=0; next
    }
    inev && /^DTSTART/  { sub(/^[^:]*:/, ""); start=$0 }
    inev && /^SUMMARY/  { sub(/^[^:]*:/, ""); summ=$0 }
    inev && /^LOCATION/ { sub(/^[^:]*:/, ""); loc=$0 }
    END { if (!n) print "nothing scheduled" }
' | sort
