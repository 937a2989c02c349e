#!/usr/bin/env bash
# timegrapher_capture.sh - turn timegrapher CSV exports into per-ticket
# regulation summaries for the service record.
#
# The bench timegrapher writes one CSV per measurement session onto its
# USB stick, named <ticket>_<yyyymmdd>_<hhmm>.csv with the columns
#   timestamp,position,rate_s_d,amplitude_deg,beat_error_ms,bph,lift_angle
# Copy the stick contents into ./incoming (or pass -i) and run this.
#
# usage: timegrapher_capture.sh [-i incoming_dir] [-o results_dir] [-r max_rate] [-a min_amp]

set -euo pipefail

INCOMING="./incoming"
RESULTS="./results"
MAX_RATE="${TG_MAX_RATE:-10}"     # s/day either way, per position
MIN_AMP="${TG_MIN_AMP:-220}"      # degrees, dial up
MAX_DELTA="${TG_MAX_DELTA:-15}"   # spread between positions, s/day
LOG_FILE="./timegrapher_capture.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":i:o:r:a:h" opt; do
    case "$opt" in
        i) INCOMING="$OPTARG" ;;
        o) RESULTS="$OPTARG" ;;
        r) MAX_RATE="$OPTARG" ;;
        a) MIN_AMP="$OPTARG" ;;
        h|*) usage ;;
    esac
done

[ -d "$INCOMING" ] || die "no incoming directory: $INCOMING"
mkdir -p "$RESULTS" "$INCOMING/processed"
SUMMARY="$RESULTS/summary.tsv"
[ -f "$SUMMARY" ] || printf 'ticket\tsession\tbph\tworst_rate\tmin_amp\tdelta\tverdict\n' > "$SUMMARY"

# Per-position means, then the worst figures across positions.
summarise() {
    awk -F, -v max_rate="$MAX_RATE" -v min_amp="$MIN_AMP" -v max_delta="$MAX_DELTA" '
        NR == 1 && $1 == "timestamp" { next }
        NF < 7 { next }
        {
            pos = $2; n[pos]++
            rate[pos] += $3; amp[pos] += $4; be[pos] += $5; bph = $6
        }
        END {
            if (length(n) == 0) { print "=\tEMPTY"; exit }
            worst = 0; lo = 1e9; hi = -1e9; amin = 1e9
            for (p in n) {
                r = rate[p] / n[p]; a = amp[p] / n[p]; b = be[p] / n[p]
                printf "  %-4s rate %+6.1f s/d  amp %5.0f deg  beat err %4.1f ms\n", p, r, a, b
                ar = (r < 0) ? -r : r
                if (ar > worst) worst = ar
                if (r < lo) lo = r
                if (r > hi) hi = r
                if (a < amin) amin = a
            }
            delta = hi - lo
            verdict = "PASS"
            if (worst > max_rate) verdict = "RATE"
            if (amin < min_amp) verdict = verdict == "PASS" ? "AMPLITUDE" : verdict "+AMPLITUDE"
            if (delta > max_delta) verdict = verdict == "PASS" ? "POSITIONAL" : verdict "+POSITIONAL"
            printf "=\t%s\t%.1f\t%.0f\t%.1f\t%s\n", bph, worst, amin, delta, verdict
        }' "$1"
}

shopt -s nullglob
count=0
for csv in "$INCOMING"/*.csv; do
    base="$(basename "$csv" .csv)"
    ticket="${base%%_*}"
    session="${base#*_}"
    case "$ticket" in
        ''|*[!0-9A-Za-z-]*) log "skipping oddly named file $csv"; continue ;;
    esac

    report="$RESULTS/${ticket}.txt"
    {
        echo "Ticket $ticket - session $session"
        out="$(summarise "$csv")" || { log "awk failed on $csv"; continue; }
        printf '%s\n' "$out" | grep -v '^=' || true
        line="$(printf '%s\n' "$out" | grep '^=' | cut -f2-)"
        echo "  -> $line"
        echo
    } >> "$report"

    if [ "$line" = "EMPTY" ]; then
        log "$csv has no readings"
    else
        printf '%s\t%s\t%s\n' "$ticket" "$session" "$line" >> "$SUMMARY"
        log "ticket $ticket session $session: $(printf '%s' "$line" | cut -f5)"
    fi
    mv -- "$csv" "$INCOMING/processed/"
    count=$((count + 1))
done

log "processed $count session file(s); summary in $SUMMARY"
