#!/usr/bin/env bash
# spectrum_summary.sh -- quick summary of gamma spectra from a measurement day.
#
# For each spectrum CSV (channel,counts) in the input directory: total counts,
# live-time-normalised rate, and the centroid/FWHM of the strongest peak.
# Results go to a Markdown table and a CSV in the working directory.
#
# Usage: spectrum_summary.sh [-i INDIR] [-l LIVETIME_S] [-w WINDOW] [-o PREFIX]

set -euo pipefail

INDIR="${PWD}/spectra"
LIVETIME=3600
WINDOW=15
PREFIX="summary_$(date +%Y%m%d)"

log() { echo "[$(date '+%T')] $*" >&2; }

while getopts ":i:l:w:o:h" opt; do
    case "$opt" in
        i) INDIR="$OPTARG" ;;
        l) LIVETIME="$OPTARG" ;;
        w) WINDOW="$OPTARG" ;;
        o) PREFIX="$OPTARG" ;;
        h|*) sed -n '2,8p' "$0"; exit 0 ;;
    esac
done

[[ -d "$INDIR" ]] || { log "input directory $INDIR not found"; exit 1; }
[[ "$LIVETIME" =~ ^[0-9]+$ && "$LIVETIME" -gt 0 ]] || { log "livetime must be a positive integer"; exit 2; }

mapfile -t FILES < <(find "$INDIR" -maxdepth 1 -name '*.csv' | sort)
(( ${#FILES[@]} )) || { log "no .csv spectra in $INDIR"; exit 1; }
log "${#FILES[@]} spectra in $INDIR"

# Per-file analysis in Python; file name and settings arrive via environment,
# the result comes back as one CSV line on stdout.
analyse() {
    SPEC_FILE="$1" SPEC_LIVE="$LIVETIME" SPEC_WIN="$WINDOW" python3 - <<'PYEOF'
import csv, math, os

path = os.environ["SPEC_FILE"]
live = float(os.environ["SPEC_LIVE"])
win = int(os.environ["SPEC_WIN"])
chans, counts = [], []
with open(path, newline="") as fh:
    for row in csv.reader(fh):
        if len(row) < 2 or not row[0].strip().isdigit():
            continue
        chans.append(int(row[0]))
        counts.append(float(row[1]))
if not counts:
    print(f"{os.path.basename(path)},0,0,nan,nan")
    raise SystemExit
total = sum(counts)
ipk = max(range(len(counts)), key=counts.__getitem__)
lo, hi = max(0, ipk - win), min(len(counts), ipk + win + 1)
w = counts[lo:hi]
x = chans[lo:hi]
s = sum(w) or 1.0
mu = sum(a * b for a, b in zip(x, w)) / s
var = sum(b * (a - mu) ** 2 for a, b in zip(x, w)) / s
fwhm = 2 * math.sqrt(2 * math.log(2)) * math.sqrt(var)
print(f"{os.path.basename(path)},{int(total)},{total / live:.3f},{mu:.2f},{fwhm:.2f}")
PYEOF
}

CSV_OUT="${PWD}/${PREFIX}.csv"
MD_OUT="${PWD}/${PREFIX}.md"
echo "file,total_counts,rate_cps,peak_channel,fwhm_channels" > "$CSV_OUT"

failed=0
for f in "${FILES[@]}"; do
    if line=$(analyse "$f"); then
        echo "$line" >> "$CSV_OUT"
    else
        log "analysis failed for $(basename "$f")"
        failed=$(( failed + 1 ))
    fi
done

# Markdown table from the CSV, highest rate first
{
    echo "# Spectrum summary ($(date +%F))"
    echo
    echo "| file | counts | rate (cps) | peak ch | FWHM ch |"
    echo "|---|---:|---:|---:|---:|"
    tail -n +2 "$CSV_OUT" | sort -t, -k3,3gr | awk -F, '{printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5}'
} > "$MD_OUT"

log "wrote $CSV_OUT and $MD_OUT ($failed failed)"
exit $(( failed > 0 ))
