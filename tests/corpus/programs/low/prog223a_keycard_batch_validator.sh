#!/usr/bin/env bash
# keycard_batch_validator.sh - check a batch of key-card encoding jobs before
# it is handed to the encoder at the group check-in desk.
#
# Each job line is: room,guest_ref,checkin,checkout,cards. The validator is a
# small python program generated into ./build and run on the batch; results
# are cached per batch (keyed by the MD5 of the file) so re-running on the same
# batch is instant.
set -euo pipefail

PROG=$(basename "$0")
BUILD_DIR="./build"
CACHE_DIR="./.cache/kcvalidate"
OUT_DIR="./out"
MAX_CARDS="${MAX_CARDS:-4}"
FORCE=0

log() { printf '[%s] %s\n' "$PROG" "$*" >&2; }

usage() {
    echo "Usage: $PROG [-f] [-m max_cards] batch.csv"
    echo "       $PROG --clean   remove build and cache files"
}

if [[ "${1:-}" == "--clean" ]]; then
    rm -rf "$BUILD_DIR" "$CACHE_DIR"
    log "build and cache cleaned"
    exit 0
fi

while getopts ":fm:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        m) MAX_CARDS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
BATCH="${1:-}"
if [[ -z "$BATCH" || ! -f "$BATCH" ]]; then
    usage
    exit 2
fi

mkdir -p "$BUILD_DIR" "$CACHE_DIR" "$OUT_DIR"

write_validator() {
    cat > "$BUILD_DIR/validate_jobs.py" <<'PY'
import csv
import json
import os
import re
import sys
from datetime import date

max_cards = int(os.environ.get("MAX_CARDS", "4"))
room_re = re.compile(r"^[0-9]{3,4}[A-Z]?$")
ok, rejected = [], []
with open(sys.argv[1], newline="") as fh:
    for lineno, row in enumerate(csv.reader(fh), start=1):
        if not row or row[0].startswith("#"):
            continue
        reasons = []
        if len(row) != 5:
            rejected.append({"line": lineno, "reasons": ["expected 5 fields"]})
            continue
        room, guest, cin, cout, cards = (c.strip() for c in row)
        if not room_re.match(room):
            reasons.append("bad room number")
        try:
            d_in, d_out = date.fromisoformat(cin), date.fromisoformat(cout)
            if d_out <= d_in:
                reasons.append("checkout not after checkin")
        except ValueError:
            reasons.append("bad date")
        if not cards.isdigit() or not 1 <= int(cards) <= max_cards:
            reasons.append(f"cards must be 1..{max_cards}")
        if reasons:
            rejected.append({"line": lineno, "room": room, "reasons": reasons})
        else:
            ok.append({"room": room, "guest_ref": guest, "checkin": cin,
                       "checkout": cout, "cards": int(cards)})
json.dump({"ok": ok, "rejected": rejected}, sys.stdout, indent=2)
PY
}

KEY=$(md5sum "$BATCH" | cut -d' ' -f1)
CACHED="$CACHE_DIR/$KEY-m$MAX_CARDS.json"

if [[ -f "$CACHED" && $FORCE -eq 0 ]]; then
    log "using cached result for batch $KEY"
else
    write_validator
    MAX_CARDS="$MAX_CARDS" python3 "$BUILD_DIR/validate_jobs.py" "$BATCH" > "$CACHED.part"
    mv "$CACHED.part" "$CACHED"
fi

SUMMARY=$(RESULT="$CACHED" OUT_DIR="$OUT_DIR" python3 -c '
import csv, json, os
res = json.load(open(os.environ["RESULT"]))
out = os.environ["OUT_DIR"]
with open(os.path.join(out, "jobs_ok.csv"), "w", newline="") as fh:
    w = csv.writer(fh)
    for j in res["ok"]:
        w.writerow([j["room"], j["guest_ref"], j["checkin"], j["checkout"], j["cards"]])
with open(os.path.join(out, "jobs_rejected.txt"), "w") as fh:
    for r in res["rejected"]:
        fh.write("line %d: %s\n" % (r["line"], "; ".join(r["reasons"])))
cards = sum(j["cards"] for j in res["ok"])
print(len(res["ok"]), len(res["rejected"]), cards)
')
read -r n_ok n_bad n_cards <<<"$SUMMARY"

log "batch $BATCH: $n_ok job(s) ok ($n_cards cards), $n_bad rejected"
if (( n_bad > 0 )); then
    log "see $OUT_DIR/jobs_rejected.txt"
    exit 1
fi
log "ready for the encoder: $OUT_DIR/jobs_ok.csv"
