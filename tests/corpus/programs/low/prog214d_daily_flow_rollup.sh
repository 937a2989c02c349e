#!/usr/bin/env bash
# daily_flow_rollup.sh - daily flow and chlorine rollup from historian CSV exports
#
# Reads the per-station CSV exports in ./exports (time,station,flow_lps,cl2_mgl),
# produces a per-station daily summary for the compliance report and flags
# days where free chlorine dropped below the permit minimum.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
REPORT_DIR="${REPORT_DIR:-./reports}"
BUILD_DIR="./build/rollup"
CL2_MIN="${CL2_MIN:-0.2}"
DAY="${1:-$(date -d yesterday +%Y-%m-%d)}"

log() { echo "$(date '+%F %T') rollup: $*" >&2; }

cleanup() {
    # only our own scratch files
    rm -rf "$BUILD_DIR"
}
trap cleanup EXIT

if [[ ! "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    echo "usage: $0 [YYYY-MM-DD]" >&2
    exit 2
fi

mkdir -p "$BUILD_DIR" "$REPORT_DIR"

shopt -s nullglob
files=("$EXPORT_DIR"/*_"${DAY//-/}".csv)
if [[ ${#files[@]} -eq 0 ]]; then
    log "no exports for ${DAY} in ${EXPORT_DIR}"
    exit 1
fi
log "${#files[@]} export file(s) for ${DAY}"

# Stage 1: merge and normalise with a small helper written into the build dir.
cat > "$BUILD_DIR/merge.py" <<'PY'
import csv, sys
w = csv.writer(sys.stdout)
for path in sys.argv[1:]:
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                w.writerow([row["station"].strip().upper(),
                            float(row["flow_lps"]), float(row["cl2_mgl"])])
            except (KeyError, ValueError):
                print(f"skip bad row in {path}: {row}", file=sys.stderr)
PY
python3 "$BUILD_DIR/merge.py" "${files[@]}" > "$BUILD_DIR/merged.csv"
log "merged $(wc -l < "$BUILD_DIR/merged.csv") rows"

# Stage 2: aggregate; parameters go through the environment.
export DAY CL2_MIN
export MERGED="$BUILD_DIR/merged.csv"
SUMMARY="$(python3 - <<'PY'
import csv, os, statistics
day, cl2_min = os.environ["DAY"], float(os.environ["CL2_MIN"])
by_station = {}
with open(os.environ["MERGED"], newline="") as fh:
    for station, flow, cl2 in csv.reader(fh):
        s = by_station.setdefault(station, {"flow": [], "cl2": []})
        s["flow"].append(float(flow))
        s["cl2"].append(float(cl2))
print(f"station,day,samples,flow_mean_lps,volume_m3,cl2_min,cl2_mean,cl2_flag")
for station in sorted(by_station):
    s = by_station[station]
    n = len(s["flow"])
    volume = sum(s["flow"]) * (86400 / max(n, 1)) / 1000.0
    low = min(s["cl2"])
    flag = "LOW" if low < cl2_min else "ok"
    print(f"{station},{day},{n},{statistics.mean(s['flow']):.2f},"
          f"{volume:.1f},{low:.3f},{statistics.mean(s['cl2']):.3f},{flag}")
PY
)"

out="${REPORT_DIR}/rollup_${DAY}.csv"
printf '%s\n' "$SUMMARY" > "$out"
flags="$(grep -c ',LOW$' <<< "$SUMMARY" || true)"
log "wrote ${out}; ${flags} station(s) below ${CL2_MIN} mg/L"
column -s, -t < "$out" || cat "$out"
