#!/usr/bin/env bash
# calib_apply.sh -- apply the cached energy calibration to a batch of
# spectrum files (CSV: channel,counts) and write calibrated copies.
#
# The calibration fit is expensive, so calib_fit.py stores the fitted object
# (polynomial coefficients plus per-detector gain corrections) as a pickle
# in the calibration directory; this script reuses it.
#
# Usage: calib_apply.sh [-c CALIB.pkl] [-o OUTDIR] [-d DETECTOR] FILE...

set -euo pipefail

CALIB="${PWD}/calib/energy_calib.pkl"
OUTDIR="${PWD}/calibrated"
DETECTOR="hpge1"
LOG="${PWD}/calib_apply.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while getopts ":c:o:d:h" opt; do
    case "$opt" in
        c) CALIB="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        d) DETECTOR="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
shift $(( OPTIND - 1 ))

(( $# > 0 )) || { log "no input files given"; usage 2; }
[[ -f "$CALIB" ]] || { log "calibration cache $CALIB not found; run calib_fit.py first"; exit 1; }
mkdir -p "$OUTDIR"

apply_one() {
    local infile="$1" outfile
    outfile="$OUTDIR/$(basename "${infile%.*}")_cal.csv"
    CAL_FILE="$CALIB" CAL_DET="$DETECTOR" CAL_IN="$infile" CAL_OUT="$outfile" \
    python3 - <<'PYEOF'
import csv
import os
import pickle
import sys

with open(os.environ["CAL_FILE"], "rb") as fh:
    calib = pickle.load(fh)

det = os.environ["CAL_DET"]
coeffs = calib["poly"]
gain = calib.get("gain", {}).get(det, 1.0)

def energy(ch):
    x = ch * gain
    return sum(c * x ** i for i, c in enumerate(coeffs))

rows = 0
with open(os.environ["CAL_IN"], newline="") as src, \
     open(os.environ["CAL_OUT"], "w", newline="") as dst:
    w = csv.writer(dst)
    w.writerow(["channel", "energy_keV", "counts"])
    for rec in csv.reader(src):
        if not rec or rec[0].startswith("#") or not rec[0].strip().isdigit():
            continue
        ch, counts = int(rec[0]), int(float(rec[1]))
        w.writerow([ch, f"{energy(ch):.3f}", counts])
        rows += 1
print(rows)
PYEOF
}

ok=0; bad=0
for f in "$@"; do
    if [[ ! -r "$f" ]]; then
        log "skip unreadable $f"
        bad=$(( bad + 1 ))
        continue
    fi
    if n=$(apply_one "$f"); then
        log "calibrated $f ($n channels)"
        ok=$(( ok + 1 ))
    else
        log "failed on $f"
        bad=$(( bad + 1 ))
    fi
done

log "finished: $ok ok, $bad failed; output in $OUTDIR"
(( bad == 0 ))
