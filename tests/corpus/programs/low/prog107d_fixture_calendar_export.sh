#!/usr/bin/env bash
# fixture_calendar_export.sh - turn the league's published fixture calendar
# (iCalendar feed) into the CSV the fixtures secretary pastes into the
# parents' newsletter and the SMS bot reads.
#
# usage: fixture_calendar_export.sh [-t TEAM_FILTER] [-o OUTDIR] FEED_URL
# e.g.   fixture_calendar_export.sh -t "Riverside U11" \
#            https://fixtures.juniorleague.example.org/calendar/team/4471.ics

set -euo pipefail

TEAM_FILTER=""
OUTDIR="./fixtures"
UA="club-fixture-export/1.4 (+fixtures@riversidejuniors.example.org)"

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; }

while getopts ":t:o:h" opt; do
    case $opt in
        t) TEAM_FILTER="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        \?) echo "unknown option -$OPTARG" >&2; usage >&2; exit 64 ;;
        :) echo "-$OPTARG needs a value" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
FEED_URL="${1:-}"
[[ -n "$FEED_URL" ]] || { usage >&2; exit 64; }

mkdir -p "$OUTDIR"
STAMP="$(date +%Y%m%d)"
ICS="$OUTDIR/feed-$STAMP.ics"
CSV="$OUTDIR/fixtures-$STAMP.csv"

fetch_feed() {
    local try
    for try in 1 2 3; do
        if curl --fail --silent --show-error --location \
                --connect-timeout 10 --max-time 30 \
                -A "$UA" -o "$ICS.part" "$FEED_URL"; then
            mv "$ICS.part" "$ICS"
            return 0
        fi
        echo "fetch attempt $try failed; retrying" >&2
        sleep $((try * 5))
    done
    rm -f "$ICS.part"
    return 1
}

ics_to_csv() {
    # unfold continuation lines (RFC 5545 3.1), then pick VEVENT fields
    sed -e ':a' -e 'N' -e '$!ba' -e 's/\r\n[ \t]//g' -e 's/\r//g' "$ICS" |
    awk -v filter="$TEAM_FILTER" '
        BEGIN { OFS=","; print "squad,date,kickoff,opponent,venue,home" }
        /^BEGIN:VEVENT/ { summ=""; loc=""; dts="" ; next }
        /^SUMMARY/  { sub(/^[^:]*:/, ""); summ=$0; next }
        /^LOCATION/ { sub(/^[^:]*:/, ""); gsub(/\\,/, " "); gsub(/,/, " "); loc=$0; next }
        /^DTSTART/  { sub(/^[^:]*:/, ""); dts=$0; next }
        /^END:VEVENT/ {
            if (filter != "" && index(summ, filter) == 0) next
            split(summ, teams, / v | vs /)
            home = (index(teams[1], filter) > 0 || filter == "") ? "Y" : "N"
            opp  = (home == "Y") ? teams[2] : teams[1]
            squad = (filter != "") ? filter : teams[1]
            d = substr(dts,1,4) "-" substr(dts,5,2) "-" substr(dts,7,2)
            t = substr(dts,10,2) ":" substr(dts,12,2)
            gsub(/,/, " ", opp)
            print squad, d, t, opp, loc, home
        }' > "$CSV"
}

main() {
    echo "fetching $FEED_URL" >&2
    fetch_feed || { echo "could not download the fixture feed" >&2; exit 1; }
    ics_to_csv
    local n
    n=$(( $(wc -l < "$CSV") - 1 ))
    echo "wrote $n fixtures to $CSV" >&2
    ln -sfn "$(basename "$CSV")" "$OUTDIR/latest.csv"
}

main
