#!/usr/bin/env bash
# gcode_feed_check.sh - sanity-check G-code before it goes to the router
#
# Scans the .ngc files in ./jobs (or the given directory) and flags things
# that have ruined harp parts before: feed rates above what the machine or
# the tool can take, plunges deeper than the stock, missing spindle start
# and missing program end.  Writes ./feed_check_report.txt.
set -uo pipefail

JOB_DIR="${1:-./jobs}"
MAX_FEED="${MAX_FEED:-4000}"
MAX_PLUNGE="${MAX_PLUNGE:-600}"
MIN_Z="${MIN_Z:--22}"
REPORT="./feed_check_report.txt"

if [[ "${JOB_DIR}" == "-h" || "${JOB_DIR}" == "--help" ]]; then
    echo "usage: $0 [job_dir]   (env: MAX_FEED MAX_PLUNGE MIN_Z)"
    exit 0
fi

if [[ ! -d "$JOB_DIR" ]]; then
    echo "no such directory: $JOB_DIR" >&2
    exit 1
fi

: > "$REPORT"
note() { echo "$*" | tee -a "$REPORT"; }

check_file() {
    local f="$1" problems=0 out
    out=$(awk -v maxf="$MAX_FEED" -v maxp="$MAX_PLUNGE" -v minz="$MIN_Z" '
        function val(letter,   m) {
            if (match($0, letter "-?[0-9]+(\\.[0-9]+)?")) {
                return substr($0, RSTART + 1, RLENGTH - 1) + 0
            }
            return ""
        }
        {
            line = toupper($0)
            sub(/\(.*\)/, "", line); sub(/;.*/, "", line)
            $0 = line
            f = val("F"); if (f != "") feed = f
            z = val("Z")
            if (f != "" && f > maxf) printf "line %d: feed F%s above %s\n", NR, f, maxf
            if (z != "" && z < minz) printf "line %d: Z%s deeper than %s\n", NR, z, minz
            if (z != "" && $0 ~ /G0?1[^0-9]/ && $0 !~ /[XY]/ && feed > maxp)
                printf "line %d: plunge at F%s above %s\n", NR, feed, maxp
            if ($0 ~ /M0?3|M0?4/) spindle = 1
            if ($0 ~ /M0?2([^0-9]|$)|M30/) ended = 1
        }
        END {
            if (!spindle) print "no spindle start (M3/M4)"
            if (!ended)   print "no program end (M2/M30)"
        }' "$f")
    if [[ -n "$out" ]]; then
        problems=$(printf '%s\n' "$out" | wc -l)
        note "== $(basename "$f"): $problems problem(s)"
        printf '%s\n' "$out" | sed 's/^/   /' | tee -a "$REPORT"
    else
        note "== $(basename "$f"): ok"
    fi
    return "$problems"
}

total_files=0
bad_files=0
shopt -s nullglob
for f in "$JOB_DIR"/*.ngc "$JOB_DIR"/*.nc; do
    total_files=$((total_files + 1))
    if ! check_file "$f"; then
        bad_files=$((bad_files + 1))
    fi
done

if (( total_files == 0 )); then
    note "no G-code files in $JOB_DIR"
    exit 0
fi

note ""
note "checked $total_files file(s), $bad_files with problems (limits: F$MAX_FEED, plunge F$MAX_PLUNGE, Z>=$MIN_Z)"
(( bad_files == 0 ))
