#!/usr/bin/env bash
# volunteer_roster_sync.sh - pull orchard work-day sign-ups into the roster
#
# The sign-up form writes to a shared spreadsheet; its CSV export URL lives in
# SIGNUP_SHEET_URL (or sync.conf).  We download it, drop duplicate sign-ups,
# merge into roster.csv and write a per-day headcount for the day leads.
#
# usage: volunteer_roster_sync.sh [--quiet] [--no-schedule] [--conf FILE]

set -euo pipefail

SELF="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"
WORKDIR="$(dirname "$SELF")"
CONF="$WORKDIR/sync.conf"
QUIET=0
SCHEDULE=1
INTERVAL_MIN=20

log() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --quiet) QUIET=1 ;;
        --no-schedule) SCHEDULE=0 ;;
        --conf) CONF="$2"; shift ;;
        -h|--help) sed -n '2,9p' "$SELF"; exit 0 ;;
        *) die "unknown option: $1" ;;
    esac
    shift
done

# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"
: "${SIGNUP_SHEET_URL:?set SIGNUP_SHEET_URL in the environment or $CONF}"
ROSTER="${ROSTER:-$WORKDIR/roster.csv}"
SUMMARY="${SUMMARY:-$WORKDIR/headcount.txt}"

fetch_signups() {
    local dest="$1" tries=0
    # the sheet host sits behind the village hall's filtering proxy
    until curl -fsSk --max-time 30 -o "$dest" "$SIGNUP_SHEET_URL"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && return 1
        log "download failed, retrying ($tries/3)"
        sleep $((tries * 5))
    done
    head -n1 "$dest" | grep -qi 'timestamp,.*email' || { log "unexpected header"; return 1; }
}

merge_roster() {
    local fresh="$1"
    [ -f "$ROSTER" ] || echo "timestamp,name,email,workday,task" > "$ROSTER"
    # key on email+workday, keep the latest sign-up for each pair
    { tail -n +2 "$ROSTER"; tail -n +2 "$fresh"; } \
        | sort -t, -k1,1 \
        | awk -F, '{ key = tolower($3) "|" $4; row[key] = $0 } END { for (k in row) print row[k] }' \
        | sort -t, -k4,4 -k2,2 > "$ROSTER.new"
    { echo "timestamp,name,email,workday,task"; cat "$ROSTER.new"; } > "$ROSTER.tmp"
    mv "$ROSTER.tmp" "$ROSTER"
    rm -f "$ROSTER.new"
}

write_headcount() {
    awk -F, 'NR > 1 { n[$4]++; t[$4 "|" $5]++ }
        END {
            for (d in n) { printf "%s  %d volunteers\n", d, n[d]
                for (k in t) { split(k, p, "|"); if (p[1] == d) printf "    %-24s %d\n", p[2], t[k] } }
        }' "$ROSTER" | sort > "$SUMMARY"
}

print_schedule() {
    local line="*/$INTERVAL_MIN * * * * SIGNUP_SHEET_URL='<sheet csv url>' $SELF --quiet --no-schedule"
    log "to repeat the sync every $INTERVAL_MIN minutes, add this with 'crontab -e':"
    printf '    %s\n' "$line" >&2
}

main() {
    local tmp
    tmp="$(mktemp "${TMPDIR:-/tmp}/signups.XXXXXX")"
    trap 'rm -f "$tmp"' EXIT
    log "fetching sign-ups"
    fetch_signups "$tmp" || die "could not download the sign-up sheet"
    merge_roster "$tmp"
    write_headcount
    log "roster: $(($(wc -l < "$ROSTER") - 1)) sign-ups; headcount in $SUMMARY"
    if [ "$SCHEDULE" -eq 1 ]; then
        print_schedule
    fi
}

main
