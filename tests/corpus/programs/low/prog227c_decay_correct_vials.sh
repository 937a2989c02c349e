#!/usr/bin/env bash
# Decay-correct the morning dose calibrator readings for the hot-lab vial log
# and produce a per-vial dispensing sheet for the planned administration time.
set -euo pipefail

SCRIPT_NAME=$(basename "$0")
LOG_DIR="./logs"
OUT_DIR="./reports"
VIAL_CSV=""
ADMIN_TIME=""
VERBOSE=0
MIN_MBQ=50

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$SCRIPT_NAME" "$*" | tee -a "$LOG_DIR/decay_correct.log" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
Usage: $SCRIPT_NAME -f vials.csv -t "YYYY-MM-DD HH:MM" [-o outdir] [-m min_mbq] [-v]
  -f  CSV exported from the dose calibrator (vial_id,isotope,activity_mbq,measured_at)
  -t  planned administration time
  -o  output directory (default ./reports)
  -m  warn when a vial falls below this activity (default 50 MBq)
  -v  verbose
EOF
}

while getopts ":f:t:o:m:vh" opt; do
  case "$opt" in
    f) VIAL_CSV=$OPTARG ;;
    t) ADMIN_TIME=$OPTARG ;;
    o) OUT_DIR=$OPTARG ;;
    m) MIN_MBQ=$OPTARG ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

mkdir -p "$LOG_DIR" "$OUT_DIR"
[[ -n "$VIAL_CSV" && -r "$VIAL_CSV" ]] || { usage; die "vial CSV missing or unreadable"; }
[[ -n "$ADMIN_TIME" ]] || die "administration time (-t) is required"
[[ "$MIN_MBQ" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "minimum activity must be numeric"

row_count=$(tail -n +2 "$VIAL_CSV" | grep -c . || true)
log "read $row_count vial rows from $VIAL_CSV"
(( row_count > 0 )) || die "no vial rows to process"

stamp=$(date '+%Y%m%d_%H%M')
report="$OUT_DIR/dispensing_${stamp}.csv"

# Hand the inputs to the calculation through the environment
export DC_VIAL_CSV="$VIAL_CSV" DC_ADMIN_TIME="$ADMIN_TIME" DC_VERBOSE="$VERBOSE"

python3 - >"$report" <<'PY'
import csv, math, os, sys
from datetime import datetime

HALF_LIFE_H = {"Tc-99m": 6.0067, "F-18": 1.8295, "Ga-68": 1.1285,
               "I-131": 192.48, "I-123": 13.22, "Lu-177": 159.53, "Y-90": 64.05}

def parse(ts):
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"):
        try:
            return datetime.strptime(ts.strip(), fmt)
        except ValueError:
            continue
    raise ValueError(f"bad timestamp: {ts!r}")

admin = parse(os.environ["DC_ADMIN_TIME"])
verbose = os.environ.get("DC_VERBOSE") == "1"
w = csv.writer(sys.stdout)
w.writerow(["vial_id", "isotope", "measured_mbq", "hours_elapsed", "activity_at_admin_mbq"])
with open(os.environ["DC_VIAL_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        iso = row["isotope"].strip()
        if iso not in HALF_LIFE_H:
            print(f"skip {row['vial_id']}: unknown isotope {iso}", file=sys.stderr)
            continue
        try:
            a0 = float(row["activity_mbq"])
            dt = (admin - parse(row["measured_at"])).total_seconds() / 3600.0
        except (ValueError, KeyError) as exc:
            print(f"skip {row.get('vial_id')}: {exc}", file=sys.stderr)
            continue
        a = a0 * math.exp(-math.log(2) * dt / HALF_LIFE_H[iso])
        if verbose:
            print(f"{row['vial_id']}: {a0:.1f} -> {a:.1f} MBq over {dt:.2f} h", file=sys.stderr)
        w.writerow([row["vial_id"], iso, f"{a0:.1f}", f"{dt:.2f}", f"{a:.1f}"])
PY

written=$(( $(wc -l <"$report") - 1 ))
log "wrote $written corrected rows to $report"

low_rows=$(awk -F, -v min="$MIN_MBQ" 'NR>1 && $5+0 < min+0 {print $1}' "$report" | paste -sd, -)
if [[ -n "$low_rows" ]]; then
  log "WARNING: vials below ${MIN_MBQ} MBq at administration: $low_rows"
fi

chmod 600 "$report"
log "done"
