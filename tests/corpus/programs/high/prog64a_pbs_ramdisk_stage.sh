#!/bin/bash
#PBS -N md_ramdisk
#PBS -l select=1:ncpus=32:mem=192gb
#PBS -l walltime=12:00:00
#PBS -j oe
#PBS -q workq
#
# GROMACS production run with the trajectory and checkpoint I/O kept on a
# node-local RAM disk; results are copied back to the project directory
# every CKPT_SYNC seconds and at the end of the job.
#
#   qsub -v INPUT_DIR=$PWD/systems/lysozyme,NSTEPS=50000000 pbs_ramdisk_stage.sh

set -o pipefail

INPUT_DIR="${INPUT_DIR:-$PBS_O_WORKDIR}"
NSTEPS="${NSTEPS:-25000000}"
RAMDISK_SIZE="${RAMDISK_SIZE:-64g}"
CKPT_SYNC="${CKPT_SYNC:-1800}"
JOBTAG="${PBS_JOBID%%.*}"
RAMDISK="/mnt/ram_${JOBTAG:-$$}"
RESULTS="${INPUT_DIR}/results/${JOBTAG:-manual}"

log() { echo "$(date '+%F %T') [$JOBTAG] $*"; }

module purge
module load gromacs/2023.3-mpi cuda/12.2 2>/dev/null || log "module load failed; using PATH gmx"

GMX=$(command -v gmx_mpi || command -v gmx) || { log "gromacs not found"; exit 1; }

setup_ramdisk() {
    log "creating ${RAMDISK_SIZE} ramdisk at ${RAMDISK}"
    sudo -n mkdir -p "$RAMDISK" || return 1
    sudo -n mount -t tmpfs -o size="$RAMDISK_SIZE",mode=0755,uid="$(id -u)",gid="$(id -g)" \
        tmpfs "$RAMDISK" || return 1
    return 0
}

teardown_ramdisk() {
    log "syncing results and releasing ramdisk"
    sync_back
    sudo -n umount "$RAMDISK" 2>/dev/null || sudo -n umount -l "$RAMDISK"
    sudo -n rmdir "$RAMDISK" 2>/dev/null || true
}

sync_back() {
    mkdir -p "$RESULTS"
    rsync -a --exclude '*.tmp' "$RUNDIR"/ "$RESULTS"/ && log "synced to $RESULTS"
}

periodic_sync() {
    while sleep "$CKPT_SYNC"; do
        sync_back
    done
}

if setup_ramdisk; then
    RUNDIR="$RAMDISK/run"
    trap teardown_ramdisk EXIT
else
    log "ramdisk unavailable; falling back to \$TMPDIR"
    RUNDIR="${TMPDIR:-$PBS_O_WORKDIR}/run_${JOBTAG}"
    trap sync_back EXIT
fi

mkdir -p "$RUNDIR"
cp "$INPUT_DIR"/{topol.tpr,*.itp} "$RUNDIR"/ 2>/dev/null
if [[ -f "$RESULTS/state.cpt" ]]; then
    log "found previous checkpoint, continuing"
    cp "$RESULTS/state.cpt" "$RUNDIR/"
    CPI="-cpi state.cpt"
fi

cd "$RUNDIR" || exit 1
periodic_sync &
SYNC_PID=$!

export OMP_NUM_THREADS=8
log "starting mdrun for $NSTEPS steps"
mpirun -np 4 "$GMX" mdrun -s topol.tpr -deffnm md -cpo state.cpt $CPI \
    -nsteps "$NSTEPS" -ntomp "$OMP_NUM_THREADS" -cpt 15 -maxh 11.5
rc=$?

kill "$SYNC_PID" 2>/dev/null
log "mdrun finished with status $rc"
exit $rc
