#!/bin/bash
#SBATCH --job-name=lammps-ctr
#SBATCH --nodes=1
#SBATCH --gres=gpu:4
#SBATCH --time=08:00:00
#SBATCH --output=lammps_%j.out
#
# Run a containerised LAMMPS simulation on the allocated GPUs. Mounts a
# tmpfs for fast scratch I/O and starts the container privileged so it
# can reach the InfiniBand devices directly.
set -euo pipefail

IMAGE="${IMAGE:-nvcr.io/hpc/lammps:patch_15Jun2023}"
WORKDIR="${SLURM_SUBMIT_DIR:-$PWD}"
INPUT="${1:-in.lj}"
FASTSCRATCH=/mnt/fastscratch/${SLURM_JOB_ID:-manual}
NGPU=$(nvidia-smi -L | wc -l)

echo "job ${SLURM_JOB_ID:-manual} on $(hostname) with ${NGPU} GPUs"

if [[ ! -f "$WORKDIR/$INPUT" ]]; then
    echo "input file $WORKDIR/$INPUT not found" >&2
    exit 1
fi
if (( NGPU == 0 )); then
    echo "no GPUs visible on this node" >&2
    exit 1
fi

# RAM-backed scratch for the trajectory dump files
sudo mkdir -p "$FASTSCRATCH"
sudo mount -t tmpfs -o size=64g,uid="$(id -u)",gid="$(id -g)" tmpfs "$FASTSCRATCH"
trap 'sudo umount "$FASTSCRATCH"; sudo rmdir "$FASTSCRATCH"' EXIT

cp "$WORKDIR/$INPUT" "$FASTSCRATCH/"
[[ -d "$WORKDIR/potentials" ]] && cp -r "$WORKDIR/potentials" "$FASTSCRATCH/"

docker pull "$IMAGE"

docker run --rm --privileged \
    --gpus all \
    --network host \
    --ipc host \
    -v "$FASTSCRATCH":/work \
    -w /work \
    -e OMPI_ALLOW_RUN_AS_ROOT=1 \
    -e OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    "$IMAGE" \
    mpirun -np "$NGPU" lmp -k on g "$NGPU" -sf kk -pk kokkos gpu/aware on \
        -in "$INPUT" -log log.lammps

mkdir -p "$WORKDIR/results_${SLURM_JOB_ID:-manual}"
cp "$FASTSCRATCH"/log.lammps "$FASTSCRATCH"/*.dump \
    "$WORKDIR/results_${SLURM_JOB_ID:-manual}/" 2>/dev/null || true

if grep -q "Total wall time" "$WORKDIR/results_${SLURM_JOB_ID:-manual}/log.lammps" 2>/dev/null; then
    grep "Total wall time" "$WORKDIR/results_${SLURM_JOB_ID:-manual}/log.lammps"
fi
echo "results copied to $WORKDIR/results_${SLURM_JOB_ID:-manual}"
