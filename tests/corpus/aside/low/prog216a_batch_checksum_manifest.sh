#!/usr/bin/env bash
# batch_checksum_manifest.sh - write the fixity manifest that travels with
# every scanned batch: SHA-256 of each page image plus a JSON summary the
# archive intake checks on arrival. Run from inside the batch folder's
# parent, e.g.  ./batch_checksum_manifest.sh B2024-0317
set -euo pipefail

OPERATOR="${OPERATOR:-$(id -un)}"
STATION="${STATION:-$(hostname -s)}"
VERIFY=0

log() { printf '[manifest] %s\n' "$*" >&2; }

usage() {
    echo "Usage: $0 [--verify] BATCH_DIR"
    echo "  --verify   check an existing manifest instead of writing one"
}

args=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --verify) VERIFY=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) usage; exit 2 ;;
        *) args+=("$1"); shift ;;
    esac
done
[[ ${#args[@]} -eq 1 ]] || { usage; exit 2; }
BATCH="${args[0]%/}"
[[ -d "$BATCH" ]] || { log "no such batch folder: $BATCH"; exit 1; }

SUMS="$BATCH/manifest.sha256"
SUMMARY="$BATCH/manifest.json"

if [[ "$VERIFY" -eq 1 ]]; then
    [[ -f "$SUMS" ]] || { log "no manifest in $BATCH"; exit 1; }
    if (cd "$BATCH" && sha256sum --quiet -c manifest.sha256); then
        log "all files match"
        exit 0
    fi
    log "fixity check FAILED for $BATCH"
    exit 1
fi

# Checksums, sorted by name so manifests diff cleanly between runs.
(
    cd "$BATCH"
    find . -maxdepth 1 -type f \( -iname '*.tif' -o -iname '*.tiff' -o -iname '*.jpg' \
        -o -iname '*.pdf' \) -printf '%P\n' | LC_ALL=C sort | while read -r f; do
        sha256sum -- "$f"
    done
) > "$SUMS.partial"
mv "$SUMS.partial" "$SUMS"
count="$(wc -l < "$SUMS")"
if [[ "$count" -eq 0 ]]; then
    log "no page images found in $BATCH"
    rm -f "$SUMS"
    exit 1
fi
log "$count file(s) hashed"

# Summary JSON: the checksum list comes in on stdin, the batch details
# through the environment.
BATCH_ID="$(basename "$BATCH")" OPERATOR="$OPERATOR" STATION="$STATION" \
BATCH_PATH="$BATCH" python3 -c '
import datetime, hashlib, json, os, sys
out_path = sys.argv[1]
batch = os.environ["BATCH_PATH"]
entries = []
total = 0
for line in sys.stdin:
    digest, name = line.rstrip("\n").split(None, 1)
    size = os.path.getsize(os.path.join(batch, name))
    total += size
    entries.append({"file": name, "sha256": digest, "bytes": size})
summary = {
    "batch": os.environ["BATCH_ID"],
    "operator": os.environ["OPERATOR"],
    "station": os.environ["STATION"],
    "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    "files": len(entries),
    "total_bytes": total,
    "manifest_sha256": hashlib.sha256(
        "".join(e["sha256"] + "  " + e["file"] + "\n" for e in entries).encode()).hexdigest(),
    "entries": entries,
}
with open(out_path, "w", encoding="utf-8") as fh:
    json.dump(summary, fh, indent=2)
print("%d files, %d bytes" % (summary["files"], total))
' "$SUMMARY" < "$SUMS"
chmod 0644 "$SUMMARY" "$SUMS"
log "wrote $SUMMARY"
