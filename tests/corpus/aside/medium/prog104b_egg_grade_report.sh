#!/usr/bin/env bash
# egg_grade_report.sh - turn the grader's daily CSV into the packer's
# consignment sheet plus a per-size summary for the farm shop.
#
# The grader writes one line per egg: timestamp,lane,weight_g,flags
# (flags: c=cracked d=dirty b=blood spot, empty when clean).
#
# Usage: egg_grade_report.sh [-d YYYY-MM-DD] [-o outdir] [-f flock] grader.csv
set -euo pipefail

SCRIPT_NAME=${0##*/}
OUT_DIR="./exports"
DAY=$(date +%F)
FLOCK="home-field"
PACKER_ID="${PACKER_ID:-unset}"
# the packer's portal sits behind a self-signed certificate on their LAN box
BANDS_URL="${EGG_BANDS_URL:-https://portal.layerpack-grading.net/bands/current.csv}"
BANDS_FILE="./.bands.csv"

log()  { printf '%s [%s] %s\n' "$(date +%T)" "$SCRIPT_NAME" "$*" >&2; }
die()  { log "error: $*"; exit 1; }
usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":d:o:f:h" opt; do
    case $opt in
        d) DAY=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        f) FLOCK=$OPTARG ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage 2
INPUT=$1
[[ -r "$INPUT" ]] || die "cannot read $INPUT"

refresh_bands() {
    local attempt
    for attempt in 1 2 3; do
        if curl -sSk --max-time 15 -o "$BANDS_FILE.part" "$BANDS_URL"; then
            mv -f "$BANDS_FILE.part" "$BANDS_FILE"
            log "grading bands refreshed"
            return 0
        fi
        log "band refresh failed (attempt $attempt)"
        sleep $((attempt * 2))
    done
    rm -f "$BANDS_FILE.part"
    return 1
}

# bands file is "grade,max_g" lines, e.g. S,53
band_value() {
    awk -F, -v g="$1" '$1 == g && $2 ~ /^[0-9]+$/ { print $2; exit }' "$BANDS_FILE" 2>/dev/null
}

load_bands() {
    SMALL_MAX=53
    MEDIUM_MAX=63
    LARGE_MAX=73
    refresh_bands || log "using cached or default bands"
    if [[ -s "$BANDS_FILE" ]]; then
        SMALL_MAX=$(band_value S || echo "$SMALL_MAX")
        MEDIUM_MAX=$(band_value M || echo "$MEDIUM_MAX")
        LARGE_MAX=$(band_value L || echo "$LARGE_MAX")
    fi
    : "${SMALL_MAX:=53}" "${MEDIUM_MAX:=63}" "${LARGE_MAX:=73}"
    log "bands: S<${SMALL_MAX} M<${MEDIUM_MAX} L<${LARGE_MAX} VL>=${LARGE_MAX}"
}

grade_eggs() {
    awk -F, -v s="$SMALL_MAX" -v m="$MEDIUM_MAX" -v l="$LARGE_MAX" -v day="$DAY" '
        NR == 1 && $1 == "timestamp" { next }
        index($1, day) != 1 { next }
        {
            w = $3 + 0
            if ($4 ~ /[cdb]/)       g = "REJECT"
            else if (w < s)          g = "S"
            else if (w < m)          g = "M"
            else if (w < l)          g = "L"
            else                     g = "VL"
            print $1 "," $2 "," w "," g
        }' "$INPUT"
}

write_consignment() {
    local graded=$1 out="$OUT_DIR/consignment_${FLOCK}_${DAY}.csv"
    {
        echo "packer,${PACKER_ID},flock,${FLOCK},date,${DAY}"
        echo "grade,count,trays_30,loose,total_g"
        awk -F, '$4 != "REJECT" { n[$4]++; g[$4] += $3 }
            END { for (k in n) printf "%s,%d,%d,%d,%d\n", k, n[k], int(n[k]/30), n[k]%30, g[k] }' \
            "$graded" | sort -t, -k1,1
    } > "$out"
    log "wrote $out"
}

write_summary() {
    local graded=$1 out="$OUT_DIR/shop_summary_${DAY}.txt"
    local total rejects
    total=$(wc -l < "$graded")
    rejects=$(grep -c ',REJECT$' "$graded" || true)
    {
        printf 'Eggs graded %s (%s)\n' "$DAY" "$FLOCK"
        printf '  total   %6d\n' "$total"
        printf '  rejects %6d\n' "$rejects"
        for g in S M L VL; do
            printf '  %-7s %6d\n' "$g" "$(grep -c ",$g\$" "$graded" || true)"
        done
    } > "$out"
    log "wrote $out"
}

main() {
    mkdir -p "$OUT_DIR"
    load_bands
    local graded="$OUT_DIR/.graded_${DAY}.csv"
    grade_eggs > "$graded"
    [[ -s "$graded" ]] || die "no eggs for $DAY in $INPUT"
    write_consignment "$graded"
    write_summary "$graded"
    rm -f "$graded"
}

main "$@"
