#!/bin/sh
# quote_rate_loader.sh - price a removal job from the current regional rate card.
#
#   quote_rate_loader.sh -r REGION -v CUBIC_METRES -d MILES [-f FLOORS] [-p]
#
# Rate cards are published by head office per region and cached locally for
# a day. The card sets CREW_HOURLY, VAN_DAY_RATE, PER_M3, PER_MILE,
# STAIRS_PER_FLOOR, PACKING_PER_M3 and MIN_CHARGE, plus any regional
# surcharge hook head office needs to ship between releases.

set -eu

RATES_BASE="${RATES_BASE:-https://rates.removals-hq.example/cards}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/quote-rates"
MAX_AGE_MIN=1440

REGION=""
VOLUME=""
MILES=""
FLOORS=0
PACKING=0

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }
die() { echo "quote: $*" >&2; exit 1; }

while getopts "r:v:d:f:ph" opt; do
    case "$opt" in
        r) REGION="$OPTARG" ;;
        v) VOLUME="$OPTARG" ;;
        d) MILES="$OPTARG" ;;
        f) FLOORS="$OPTARG" ;;
        p) PACKING=1 ;;
        *) usage ;;
    esac
done
[ -n "$REGION" ] && [ -n "$VOLUME" ] && [ -n "$MILES" ] || usage

mkdir -p "$CACHE_DIR"
card="$CACHE_DIR/${REGION}.rates"

refresh_card() {
    tmp="$card.part"
    if command -v wget >/dev/null 2>&1; then
        wget -q -T 15 -O "$tmp" "$RATES_BASE/$REGION.rates" || return 1
    else
        curl -fsSL --max-time 15 -o "$tmp" "$RATES_BASE/$REGION.rates" || return 1
    fi
    grep -q '^PER_M3=' "$tmp" || { rm -f "$tmp"; return 1; }
    mv "$tmp" "$card"
}

stale=1
if [ -f "$card" ] && [ -z "$(find "$card" -mmin +"$MAX_AGE_MIN" 2>/dev/null)" ]; then
    stale=0
fi
if [ "$stale" -eq 1 ]; then
    refresh_card || echo "quote: using cached card for $REGION" >&2
fi
[ -f "$card" ] || die "no rate card for region $REGION"

CREW_HOURLY=0 VAN_DAY_RATE=0 PER_M3=0 PER_MILE=0 STAIRS_PER_FLOOR=0 PACKING_PER_M3=0 MIN_CHARGE=0
# shellcheck disable=SC1090
. "$card"

# hours: loading at ~3 m3/hour for a 3-man crew, plus driving at 30 mph
hours=$(awk -v v="$VOLUME" -v m="$MILES" 'BEGIN { printf "%.1f", v/3 + m/30 }')
days=$(awk -v h="$hours" 'BEGIN { d = int((h + 9.99) / 10); if (d < 1) d = 1; print d }')

total=$(awk \
    -v v="$VOLUME" -v m="$MILES" -v f="$FLOORS" -v p="$PACKING" -v h="$hours" -v d="$days" \
    -v ch="$CREW_HOURLY" -v vd="$VAN_DAY_RATE" -v pm3="$PER_M3" -v pmi="$PER_MILE" \
    -v st="$STAIRS_PER_FLOOR" -v pk="$PACKING_PER_M3" -v mc="$MIN_CHARGE" '
    BEGIN {
        t = h*ch + d*vd + v*pm3 + m*pmi + f*st
        if (p == 1) t += v*pk
        if (t < mc) t = mc
        printf "%.2f", t
    }')

printf 'Region:        %s\n' "$REGION"
printf 'Volume:        %s m3\n' "$VOLUME"
printf 'Distance:      %s miles\n' "$MILES"
printf 'Crew hours:    %s (%s van day(s))\n' "$hours" "$days"
[ "$PACKING" -eq 1 ] && printf 'Packing:       included\n'
printf 'Quote (ex VAT): GBP %s\n' "$total"
