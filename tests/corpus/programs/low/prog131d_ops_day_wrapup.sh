#!/usr/bin/env bash
# ops_day_wrapup.sh - end of flying day routine for the launch point laptop
#
#   1. bundles today's launch sheets, IGC files and the duty log into
#      ./archive/YYYY-MM-DD.tar.gz
#   2. prints the day's launch totals for the DI's handover note
#   3. grabs tomorrow's TAF for the briefing board
#   4. clears the working folder's scratch files so tomorrow starts clean
#
# usage: ops_day_wrapup.sh [-d YYYY-MM-DD] [-s sheets_dir] [-k]
#   -k   keep scratch files

set -u

DAY="$(date +%F)"
SHEETS="./sheets"
ARCHIVE="./archive"
TAF_STATION="${TAF_STATION:-EGUB}"
KEEP_SCRATCH=0

while getopts "d:s:k" o; do
    case "$o" in
        d) DAY="$OPTARG" ;;
        s) SHEETS="$OPTARG" ;;
        k) KEEP_SCRATCH=1 ;;
        *) echo "usage: $0 [-d day] [-s sheets_dir] [-k]" >&2; exit 2 ;;
    esac
done

note() { printf '\033[1m==>\033[0m %s\n' "$*"; }

bundle_day() {
    mkdir -p "$ARCHIVE"
    local out="$ARCHIVE/$DAY.tar.gz" files=()
    while IFS= read -r -d '' f; do files+=("$f"); done < <(
        find "$SHEETS" -maxdepth 2 -type f \( -name "*$DAY*" -o -newermt "$DAY" \) -print0 2>/dev/null)
    if [[ ${#files[@]} -eq 0 ]]; then
        note "no files for $DAY in $SHEETS"
        return 1
    fi
    tar -czf "$out" "${files[@]}" && note "archived ${#files[@]} file(s) to $out"
}

launch_totals() {
    local sheet="$SHEETS/launches-$DAY.csv"
    [[ -f "$sheet" ]] || { note "no launch sheet for $DAY"; return; }
    awk -F, 'NR>1 {n++; m[$3]++; if (tolower($6)=="y") b++}
             END {printf "launches: %d  cable breaks: %d\n", n, b;
                  for (k in m) printf "  %-10s %d\n", k, m[k]}' "$sheet" | tee "./handover-$DAY.txt"
}

fetch_taf() {
    local url="https://aviationweather.gov/api/data/taf?ids=${TAF_STATION}&format=raw"
    if curl -fsS --max-time 15 "$url" -o "./taf-next.txt"; then
        note "TAF saved to ./taf-next.txt"
    else
        note "TAF fetch failed"
    fi
}

clean_scratch() {
    (( KEEP_SCRATCH )) && { note "keeping scratch files"; return; }
    local n
    n=$(find . -maxdepth 2 \( -name '*.tmp' -o -name '*.partial' -o -name '*.bak' \) -type f | wc -l)
    find . -maxdepth 2 \( -name '*.tmp' -o -name '*.partial' -o -name '*.bak' \) -type f -delete
    rm -rf ./.cache ./build ./__pycache__
    note "removed $n scratch file(s) and the local cache"
}

note "wrapping up ops day $DAY"
bundle_day
launch_totals
fetch_taf
clean_scratch
note "done"
