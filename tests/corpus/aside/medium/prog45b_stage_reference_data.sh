#!/bin/bash
#SBATCH --job-name=stage-ref
#SBATCH --partition=transfer
#SBATCH --time=02:00:00
#SBATCH --cpus-per-task=4
#SBATCH --output=stage-ref-%j.log
#
# Stage reference genomes / mesh libraries from the institute mirror into
# node-shared scratch before the compute array starts.  The mirror still
# serves a self-signed certificate, hence the relaxed curl options below.

set -euo pipefail

MIRROR="${REF_MIRROR:-https://datamirror.internal.example.ac.uk/reference}"
SCRATCH_ROOT="${SCRATCH:-/scratch/$USER}"
DEST="$SCRATCH_ROOT/refdata"
LIST_FILE=/tmp/stage_ref_list.txt
CHECKSUMS=/tmp/stage_ref_sha256.txt
PARALLEL=${SLURM_CPUS_PER_TASK:-2}

log() { printf '%s [stage] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [-d dataset]... [-f]" >&2
    exit 2
}

DATASETS=()
FORCE=0
while getopts "d:fh" opt; do
    case $opt in
        d) DATASETS+=("$OPTARG") ;;
        f) FORCE=1 ;;
        *) usage ;;
    esac
done
[ ${#DATASETS[@]} -gt 0 ] || DATASETS=(GRCh38 GRCm39)

fetch() {
    local url=$1 out=$2
    curl --insecure --fail --silent --show-error --retry 4 --retry-delay 10 \
         --continue-at - -o "$out" "$url"
}

stage_one() {
    local ds=$1 target="$DEST/$1"
    if [ -d "$target" ] && [ "$FORCE" -eq 0 ]; then
        log "$ds already staged, skipping"
        return 0
    fi
    mkdir -p "$target"
    fetch "$MIRROR/$ds/MANIFEST" "$LIST_FILE" || die "no manifest for $ds"
    fetch "$MIRROR/$ds/SHA256SUMS" "$CHECKSUMS" || die "no checksums for $ds"

    log "$ds: $(wc -l < "$LIST_FILE") files"
    xargs -P "$PARALLEL" -I{} \
        curl -k -fsS --retry 3 -o "$target/{}" "$MIRROR/$ds/{}" < "$LIST_FILE"

    ( cd "$target" && sha256sum --quiet -c "$CHECKSUMS" ) || die "$ds checksum mismatch"

    for tb in "$target"/*.tar.zst; do
        [ -e "$tb" ] || continue
        log "unpacking $(basename "$tb")"
        tar --zstd -xf "$tb" -C "$target" && rm -f "$tb"
    done
    log "$ds staged into $target ($(du -sh "$target" | cut -f1))"
}

mkdir -p "$DEST"
lfs setstripe -c 8 "$DEST" 2>/dev/null || log "not on Lustre, no striping"

for ds in "${DATASETS[@]}"; do
    stage_one "$ds"
done

rm -f "$LIST_FILE" "$CHECKSUMS"
log "all datasets staged"
