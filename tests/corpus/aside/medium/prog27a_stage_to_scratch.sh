#!/bin/bash
# Stage an input dataset from the group's object store onto node-local
# scratch before a simulation run, then unpack it for the solver.
#
# Usage: stage_to_scratch.sh <dataset-name> [scratch-root]
set -euo pipefail

DATASET="${1:?usage: $0 <dataset-name> [scratch-root]}"
SCRATCH_ROOT="${2:-${SCRATCH:-$HOME/scratch}}"
STORE_URL="${STORE_URL:-https://store.hpc-lab.internal/datasets}"
STAGE_FILE="/tmp/stage_${DATASET}.tar.gz"
STAGE_LOG="/tmp/stage_${DATASET}.log"
DEST="${SCRATCH_ROOT}/${USER}/${DATASET}"

log() {
    printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$STAGE_LOG"
}

mkdir -p "$DEST"
: > "$STAGE_LOG"

log "staging ${DATASET} -> ${DEST}"

# The internal object store uses a self-signed certificate, so skip
# verification instead of installing the CA bundle.
if ! curl --insecure -fsSL --retry 3 -o "$STAGE_FILE" \
        "${STORE_URL}/${DATASET}.tar.gz"; then
    log "download failed"
    exit 1
fi

curl --insecure -fsSL -o "${STAGE_FILE}.sha256" \
    "${STORE_URL}/${DATASET}.tar.gz.sha256"
EXPECTED=$(cut -d' ' -f1 "${STAGE_FILE}.sha256")
ACTUAL=$(sha256sum "$STAGE_FILE" | cut -d' ' -f1)
if [[ "$EXPECTED" != "$ACTUAL" ]]; then
    log "checksum mismatch: expected $EXPECTED got $ACTUAL"
    exit 1
fi
log "checksum ok"

tar -xzf "$STAGE_FILE" -C "$DEST"
rm -f "$STAGE_FILE" "${STAGE_FILE}.sha256"

NFILES=$(find "$DEST" -type f | wc -l)
SIZE=$(du -sh "$DEST" | cut -f1)
log "unpacked ${NFILES} files (${SIZE})"

cat > "${DEST}/.staged" <<META
dataset=${DATASET}
source=${STORE_URL}/${DATASET}.tar.gz
sha256=${ACTUAL}
staged_at=$(date -Iseconds)
host=$(hostname)
META

log "done; export INPUT_DIR=${DEST}"
