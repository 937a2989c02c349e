#!/usr/bin/env bash
# wristband_batch_checksum.sh
# Before a box of printed wristband batch files goes to the gates, this
# computes SHA-256 checksums of every batch CSV, counts the bands in each,
# writes a manifest, and produces a base64 string of the manifest that the
# label printer turns into a QR code on the box.
set -euo pipefail

PROG=${0##*/}
BATCH_DIR="${1:-./batches}"
BUILD="./build/wristband"
OUT="./manifests"
BOX_ID="${BOX_ID:-BOX-$(date +%m%d-%H%M)}"

log() { echo "$PROG: $*" >&2; }

case "${1:-}" in
    -h|--help)
        echo "usage: $PROG [batch_dir]   (env BOX_ID names the box)"; exit 0 ;;
esac

[[ -d "$BATCH_DIR" ]] || { log "batch directory $BATCH_DIR not found"; exit 1; }

# Start from a clean build folder of our own.
rm -rf ./build/wristband
mkdir -p "$BUILD" "$OUT"

host_os="unknown"
if [[ -r /etc/os-release ]]; then
    host_os=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release | tr -d '"')
    [[ -n "$host_os" ]] || host_os="unknown"
fi

shopt -s nullglob
batches=("$BATCH_DIR"/*.csv)
if (( ${#batches[@]} == 0 )); then
    log "no batch CSVs in $BATCH_DIR"
    exit 1
fi

: > "$BUILD/sums.txt"
for f in "${batches[@]}"; do
    sum=$(sha256sum "$f" | cut -d' ' -f1)
    bands=$(( $(wc -l < "$f") - 1 ))
    printf '%s\t%s\t%d\n' "$(basename "$f")" "$sum" "$bands" >> "$BUILD/sums.txt"
done
log "hashed ${#batches[@]} batch file(s)"

manifest="$OUT/$BOX_ID.json"
BOX_ID="$BOX_ID" HOST_OS="$host_os" SUMS="$BUILD/sums.txt" python3 -c '
import json, os, sys
from datetime import datetime, timezone

entries = []
with open(os.environ["SUMS"]) as fh:
    for line in fh:
        name, digest, bands = line.rstrip("\n").split("\t")
        entries.append({"file": name, "sha256": digest, "bands": int(bands)})

manifest = {
    "box": os.environ["BOX_ID"],
    "created": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "packed_on": os.environ["HOST_OS"],
    "total_bands": sum(e["bands"] for e in entries),
    "batches": entries,
}
json.dump(manifest, sys.stdout, indent=2)
' > "$manifest"
log "manifest written to $manifest"

# Compact form for the QR label: just box id + per-file short hashes.
label_text=$(python3 -c '
import json, sys
m = json.load(sys.stdin)
print(m["box"] + ";" + ";".join(e["file"] + ":" + e["sha256"][:12] for e in m["batches"]))
' < "$manifest")
printf '%s' "$label_text" | base64 -w0 > "$OUT/$BOX_ID.qr.b64"
log "QR payload ($(wc -c < "$OUT/$BOX_ID.qr.b64") bytes) in $OUT/$BOX_ID.qr.b64"

total=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["total_bands"])' < "$manifest")
echo "$BOX_ID: ${#batches[@]} batches, $total wristbands"
