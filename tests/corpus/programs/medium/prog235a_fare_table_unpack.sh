#!/usr/bin/env bash
# fare_table_unpack.sh - unpack the fare-table bundle delivered by the
# fares team (a .tar.gz on the depot share), check it, and stage it for the
# ticket machine loader. Staging happens in a fixed scratch directory so the
# loader always knows where to look.

set -euo pipefail

BUNDLE="${1:-}"
STAGE_DIR="/tmp/fare_tables_stage"
OUT_DIR="${OUT_DIR:-./fare_tables}"
REQUIRED="zones.csv products.csv prices.csv"
VERBOSE="${VERBOSE:-0}"

log() { echo "$(date '+%F %T') $*" >&2; }
debug() { [[ "$VERBOSE" == 1 ]] && log "debug: $*" || true; }

if [[ -z "$BUNDLE" || ! -f "$BUNDLE" ]]; then
    echo "usage: $0 fare_bundle.tar.gz" >&2
    exit 2
fi

rm -rf "$STAGE_DIR"
mkdir -p "$STAGE_DIR" "$OUT_DIR"

unpack() {
    FT_BUNDLE="$BUNDLE" FT_STAGE="$STAGE_DIR" python3 - <<'PYEOF'
import os, sys, tarfile
bundle, stage = os.environ["FT_BUNDLE"], os.environ["FT_STAGE"]
try:
    with tarfile.open(bundle, "r:*") as tar:
        names = tar.getnames()
        tar.extractall(stage)
except (tarfile.TarError, OSError) as exc:
    sys.stderr.write(f"unpack failed: {exc}\n")
    sys.exit(1)
print(len(names))
PYEOF
}

validate() {
    local missing=0 f
    for f in $REQUIRED; do
        if [[ ! -s "$STAGE_DIR/$f" ]]; then
            log "missing or empty: $f"
            missing=1
        fi
    done
    return "$missing"
}

check_prices() {
    STAGE="$STAGE_DIR" python3 -c '
import csv, os, sys
bad = 0
with open(os.path.join(os.environ["STAGE"], "prices.csv"), newline="") as fh:
    for n, row in enumerate(csv.DictReader(fh), start=2):
        try:
            cents = int(row["price_cents"])
            if cents < 0 or cents > 50000:
                raise ValueError
        except (KeyError, ValueError):
            bad += 1
            print(f"prices.csv line {n}: bad price", file=sys.stderr)
print(bad)
'
}

main() {
    local n bad
    n="$(unpack)"
    log "unpacked $n entries into $STAGE_DIR"
    if ! validate; then
        log "bundle incomplete, not staging"
        exit 1
    fi
    bad="$(check_prices)"
    if (( bad > 0 )); then
        log "$bad bad price rows, not staging"
        exit 1
    fi
    local f
    for f in $REQUIRED; do
        cp "$STAGE_DIR/$f" "$OUT_DIR/$f"
        debug "copied $f"
    done
    sha256sum "$OUT_DIR"/*.csv > "$OUT_DIR/SHA256SUMS"
    log "fare tables ready in $OUT_DIR"
}

main
