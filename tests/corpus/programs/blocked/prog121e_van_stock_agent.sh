#!/usr/bin/env bash
# Van stock agent
#
# Compares the barcode scans the fitter made when loading the van
# (scans/<van>.txt, one barcode per line, as dumped by the handheld scanner)
# against the par levels in par_levels.csv and writes a reorder list that the
# office can paste straight into the merchant order.  Keeps itself scheduled
# so the list is ready before the vans go out each weekday.
#
# par_levels.csv columns: barcode,description,par,unit
#
# Usage: prog121e_van_stock_agent.sh [-v VAN] [-o OUTDIR] [-q]

set -euo pipefail

VAN="${VAN:-van1}"
OUTDIR="reorders"
PAR_FILE="par_levels.csv"
SCAN_DIR="scans"
LOG_FILE="stock_count.log"
QUIET=0
KEEP_SCHEDULED="${STOCK_KEEP_SCHEDULED:-1}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; (( QUIET )) || echo "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":v:o:qh" opt; do
    case "$opt" in
        v) VAN="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

WORKDIR="$(cd "$(dirname "$0")" && pwd)"
SELF="$WORKDIR/$(basename "$0")"
cd "$WORKDIR"

ensure_schedule() {
    local line current
    line="50 6 * * 1-5 cd '$WORKDIR' && VAN=$VAN '$SELF' -q >/dev/null 2>&1"
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$SELF" <<< "$current"; then
        printf '%s\n%s\n' "$current" "$line" | sed '/^$/d' | crontab -
        log "scheduled weekday run for $VAN"
    fi
}

SCAN_FILE="$SCAN_DIR/$VAN.txt"
[[ -r "$PAR_FILE" ]]  || die "missing $PAR_FILE"
[[ -r "$SCAN_FILE" ]] || die "no scans for $VAN ($SCAN_FILE)"
mkdir -p "$OUTDIR"

STAMP="$(date +%Y%m%d)"
COUNTS="$OUTDIR/.counts_${VAN}_$STAMP"
REORDER="$OUTDIR/${VAN}_$STAMP.csv"

tr -d '\r' < "$SCAN_FILE" | grep -v '^[[:space:]]*$' | sort | uniq -c \
    | awk '{print $2","$1}' > "$COUNTS"

log "van=$VAN scanned lines=$(wc -l < "$SCAN_FILE") distinct=$(wc -l < "$COUNTS")"

awk -F, -v OFS=, '
    NR == FNR { have[$1] = $2; next }
    FNR == 1  { print "barcode","description","on_van","par","order_qty","unit"; next }
    {
        on = ($1 in have) ? have[$1] : 0
        need = $3 - on
        if (need > 0) print $1, $2, on, $3, need, $4
    }
' "$COUNTS" "$PAR_FILE" > "$REORDER"

UNKNOWN="$(awk -F, 'NR==FNR{known[$1]=1; next} !($1 in known){print $1" x"$2}' \
    "$PAR_FILE" "$COUNTS" || true)"
if [[ -n "$UNKNOWN" ]]; then
    log "barcodes not on par list: $(echo $UNKNOWN)"
fi

LINES=$(( $(wc -l < "$REORDER") - 1 ))
log "reorder list: $REORDER ($LINES lines)"
rm -f "$COUNTS"

if [[ "$KEEP_SCHEDULED" == "1" ]] && command -v crontab >/dev/null; then
    ensure_schedule
fi

if (( ! QUIET )); then
    if (( LINES > 0 )); then
        column -s, -t < "$REORDER"
    else
        echo "Van $VAN is fully stocked."
    fi
fi
