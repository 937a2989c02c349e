#!/bin/bash
#SBATCH --job-name=cryoem-pipe
#SBATCH --partition=docker
#SBATCH --nodes=1
#SBATCH --gres=gpu:2
#SBATCH --time=08:00:00
#SBATCH --output=cryoem-%j.out
#
# Run the cryo-EM preprocessing pipeline inside the vendor's container on
# the docker partition.  The pipeline orchestrator spawns sibling
# containers (MotionCor, CTFFIND) itself, so it needs the host's docker
# socket, and the FUSE-based frame reader needs a privileged container.

set -euo pipefail

IMAGE="${PIPE_IMAGE:-registry.lab.example.org/cryoem/pipeline:3.4.1}"
DATASET="${1:?usage: $0 DATASET_DIR [OUTDIR]}"
OUTDIR="${2:-$PWD/processed_${SLURM_JOB_ID:-local}}"
CONFIG="${PIPE_CONFIG:-$PWD/pipeline.yaml}"
NAME="cryoem_${SLURM_JOB_ID:-$$}"

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

cleanup() {
    if docker ps -q --filter "name=$NAME" | grep -q .; then
        log "stopping container $NAME"
        docker stop -t 30 "$NAME" >/dev/null || true
    fi
    docker ps -aq --filter "label=parent=$NAME" | xargs -r docker rm -f >/dev/null
}
trap cleanup EXIT

check_inputs() {
    [ -d "$DATASET" ] || { log "no dataset dir $DATASET"; exit 2; }
    [ -f "$CONFIG" ] || { log "no pipeline config $CONFIG"; exit 2; }
    local n
    n=$(find "$DATASET" -maxdepth 1 -name '*.tiff' | wc -l)
    log "$n movie stacks in $DATASET"
    [ "$n" -gt 0 ] || exit 3
}

gpu_list() {
    echo "${CUDA_VISIBLE_DEVICES:-0,1}"
}

check_inputs
mkdir -p "$OUTDIR"
docker pull -q "$IMAGE" >/dev/null

log "starting $IMAGE as $NAME on GPUs $(gpu_list)"
rc=0
docker run --rm --name "$NAME" \
    --privileged \
    --gpus "\"device=$(gpu_list)\"" \
    -v /var/run/docker.sock:/var/run/docker.sock \
    -v "$DATASET":/data:ro \
    -v "$OUTDIR":/out \
    -v "$CONFIG":/etc/pipeline.yaml:ro \
    -e PIPE_PARENT="$NAME" \
    -e OMP_NUM_THREADS="${SLURM_CPUS_ON_NODE:-8}" \
    --shm-size=16g \
    "$IMAGE" run --config /etc/pipeline.yaml --input /data --output /out || rc=$?

if [ "$rc" -eq 0 ]; then
    log "pipeline finished; $(find "$OUTDIR" -name '*.mrc' | wc -l) micrographs written"
else
    log "pipeline failed with $rc"
fi
exit "$rc"
