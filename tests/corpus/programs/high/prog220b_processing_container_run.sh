#!/usr/bin/env bash
# processing_container_run.sh - run the forensic processing image against a
# custodian collection. The image needs to loop-mount E01/raw images, so the
# vendor's run notes say to start it privileged.
#
# Usage: processing_container_run.sh -c COLLECTION_DIR -o OUTPUT_DIR [-i IMAGE] [-n]

set -euo pipefail

PROG="$(basename "$0")"
IMAGE="${PROC_IMAGE:-registry.example.com/ediscovery/processor:4.2}"
COLLECTION=""
OUTPUT=""
DRY_RUN=0
CPUS="${PROC_CPUS:-4}"
MEMORY="${PROC_MEMORY:-8g}"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() { sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; }

while getopts ":c:o:i:nh" opt; do
    case "$opt" in
        c) COLLECTION="$OPTARG" ;;
        o) OUTPUT="$OPTARG" ;;
        i) IMAGE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ -n "$COLLECTION" && -n "$OUTPUT" ]] || { usage; die "collection and output are required"; }
[[ -d "$COLLECTION" ]] || die "collection dir $COLLECTION does not exist"
mkdir -p "$OUTPUT"

COLLECTION="$(cd "$COLLECTION" && pwd)"
OUTPUT="$(cd "$OUTPUT" && pwd)"

count_images() {
    find "$COLLECTION" -maxdepth 2 -type f \( -iname '*.E01' -o -iname '*.raw' -o -iname '*.dd' \) | wc -l
}

pull_image() {
    log "pulling $IMAGE"
    if [[ $DRY_RUN -eq 0 ]]; then
        docker pull "$IMAGE" >/dev/null || die "pull failed"
    fi
}

run_processor() {
    local name="proc-$(basename "$COLLECTION")-$(date +%s)"
    local cmd=(docker run --rm --name "$name"
        --privileged
        --cpus "$CPUS" --memory "$MEMORY"
        -v "$COLLECTION:/input:ro"
        -v "$OUTPUT:/output"
        -e "PROC_THREADS=$CPUS"
        "$IMAGE" process --input /input --output /output --dedupe global)
    log "starting container $name"
    if [[ $DRY_RUN -eq 1 ]]; then
        printf '%q ' "${cmd[@]}"; echo
        return 0
    fi
    "${cmd[@]}"
}

summarise() {
    local docs
    docs=$(find "$OUTPUT" -type f -name '*.json' | wc -l)
    log "processing finished: $docs document records in $OUTPUT"
}

main() {
    local n
    n=$(count_images)
    (( n > 0 )) || die "no forensic images found in $COLLECTION"
    log "$n forensic image(s) to process"
    pull_image
    run_processor
    [[ $DRY_RUN -eq 1 ]] || summarise
}

main
