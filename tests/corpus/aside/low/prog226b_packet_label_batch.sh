#!/usr/bin/env bash
# packet_label_batch.sh - build a batch of seed packet labels for a
# distribution order.
#
# Writes a small Python renderer into ./build, runs it with the order file
# passed through the environment, caches rendered labels by MD5 of their
# content, and removes its own build directory at the end.
set -euo pipefail

ORDER="${1:-}"
BUILD_DIR="./build"
CACHE_DIR="./.label_cache"
OUT_DIR="./labels"
KEEP_BUILD="${KEEP_BUILD:-0}"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

if [[ -z "$ORDER" || ! -f "$ORDER" ]]; then
    echo "usage: $0 ORDER.csv" >&2
    exit 2
fi

os_name="$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}")"
log "label batch for $(basename "$ORDER") on $os_name"

mkdir -p "$BUILD_DIR" "$CACHE_DIR" "$OUT_DIR"

cat >"$BUILD_DIR/render_label.py" <<'PYEOF'
import csv
import os
import sys

TEMPLATE = """\
+------------------------------------------+
| SEED BANK - DISTRIBUTION PACKET          |
| Accession : {accession_no:<28} |
| Taxon     : {taxon:<28} |
| Seeds     : {seeds:<28} |
| Order     : {order_id:<28} |
+------------------------------------------+
"""

order_path = os.environ["LABEL_ORDER"]
out_dir = os.environ["LABEL_OUT"]
count = 0
with open(order_path, newline="") as fh:
    for row in csv.DictReader(fh):
        missing = [k for k in ("accession_no", "taxon", "seeds", "order_id") if not row.get(k)]
        if missing:
            print(f"skip row, missing {missing}", file=sys.stderr)
            continue
        text = TEMPLATE.format(**{k: row[k][:28] for k in row})
        name = row["accession_no"].replace("/", "_") + ".txt"
        with open(os.path.join(out_dir, name), "w") as out:
            out.write(text)
        print(name)
        count += 1
print(f"{count} labels rendered", file=sys.stderr)
PYEOF

STAGE="$BUILD_DIR/stage"
mkdir -p "$STAGE"
rendered="$(LABEL_ORDER="$ORDER" LABEL_OUT="$STAGE" python3 "$BUILD_DIR/render_label.py")"

new=0
cached=0
while IFS= read -r name; do
    [[ -n "$name" ]] || continue
    key="$(md5sum "$STAGE/$name" | cut -d' ' -f1)"
    if [[ -f "$CACHE_DIR/$key" ]]; then
        cached=$((cached + 1))
    else
        cp "$STAGE/$name" "$CACHE_DIR/$key"
        new=$((new + 1))
    fi
    cp "$CACHE_DIR/$key" "$OUT_DIR/$name"
done <<<"$rendered"

sheet="$OUT_DIR/$(basename "$ORDER" .csv)_sheet.prn"
cat "$OUT_DIR"/*.txt 2>/dev/null | grep -v '^$' >"$sheet.tmp" || true
mv "$sheet.tmp" "$sheet"
chmod 0600 "$sheet"
log "labels: $new new, $cached from cache; print sheet at $sheet"

if (( KEEP_BUILD == 0 )); then
    rm -rf "$BUILD_DIR"
    log "build directory removed"
fi

# prune cache entries not used for 90 days
find "$CACHE_DIR" -type f -mtime +90 -delete
