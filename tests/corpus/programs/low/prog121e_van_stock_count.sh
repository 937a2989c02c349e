#!/usr/bin/env bash
# Van stock count
#
# Compares the barcode scans the fitter made when loading the van
# (scans/<van>.txt, one barcode per line, as dumped by the handheld scanner)
# against the par levels in par_levels.csv and writes a reorder list that the
# office can paste straight into the merchant order.
#
# par_levels.csv columns: barcode,description,par,unit
#
# Usage: prog121e_van_stock_count.sh [-v VAN] [-o OUTDIR]

set -euo pipefail

VAN="${VAN:-van1}"
OUTDIR="reorders"
PAR_FILE="par_levels.csv"
SCAN_DIR="scans"
LOG_FILE="stock_count.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":v:o:h" opt; do
    case "$opt" in
        v) VAN="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

SCAN_FILE="$SCAN_DIR/$VAN.txt"
[[ -r "$PAR_FILE" ]]  || die "missing $PAR_FILE"
[[ -r "$SCAN_FILE" ]] || die "no scans for $VAN ($SCAN_FILE)"
mkdir -p "$OUTDIR"

STAMP="$(date +%Y%m%d)"
COUNTS="$OUTDIR/.counts_${VAN}_$STAMP"
REORDER="$OUTDIR/${VAN}_$STAMP.csv"

# count scans per barcode (scanner sometimes adds CR and blank lines)
tr -d '\r' < "$SCAN_FILE" | grep -v '^[[:space:]]*$' | sort | uniq -c \
    | awk '{print $2","$1}' > "$COUNTS"

log "van=$VAN scanned lines=$(wc -l < "$SCAN_FILE") distinct=$(wc -l < "$COUNTS")"

# join par levels with counts; missing counts mean zero on the van
awk -F, -v OFS=, '
    NR == FNR { have[$1] = $2; next }
    FNR == 1  { print "barcode","description","on_van","par","order_qty","unit"; next }
    {
        on = ($1 in have) ? have[$1] : 0
        need = $3 - on
        if (need > 0) print $1, $2, on, $3, need, $4
    }
' "$COUNTS" "$PAR_FILE" > "$REORDER"

# anything scanned that isn't on the par list is worth a look
UNKNOWN="$(awk -F, 'NR==FNR{known[$1]=1; next} !($1 in known){print $1" x"$2}' \
    "$PAR_FILE" "$COUNTS" || true)"
if [[ -n "$UNKNOWN" ]]; then
    log "barcodes not on par list:"
    printf '  %s\n' $UNKNOWN >&2
fi

LINES=$(( $(wc -l < "$REORDER") - 1 ))
log "reorder list: $REORDER ($LINES lines)"
rm -f "$COUNTS"

if (( LINES > 0 )); then
    column -s, -t < "$REORDER"
else
    echo "Van $VAN is fully stocked."
fi
