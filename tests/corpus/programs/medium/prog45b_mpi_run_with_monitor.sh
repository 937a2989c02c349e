#!/bin/bash
#SBATCH --job-name=wrf-ens
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=64
#SBATCH --time=12:00:00
#SBATCH --exclusive
#
# Ensemble weather run.  While the model integrates, the run directory is
# exposed on a small HTTP port so the forecasters can watch rsl.out.* and
# the quick-look PNGs from their desktops without logging into the cluster.

set -uo pipefail

RUN_DIR="${RUN_DIR:-$PWD/run_${SLURM_JOB_ID:-manual}}"
NAMELIST="${1:-namelist.input}"
MONITOR_PORT="${MONITOR_PORT:-8765}"
MODEL_BIN="${MODEL_BIN:-./wrf.exe}"
HOSTFILE="$RUN_DIR/hosts.txt"

log() { echo "[$(date '+%F %T')] $*"; }

load_env() {
    module purge
    module load gcc/12.2 openmpi/4.1.5 netcdf-fortran/4.6 pnetcdf/1.12
    export OMP_NUM_THREADS=1
    export UCX_TLS=rc,sm,self
}

prepare_rundir() {
    mkdir -p "$RUN_DIR/quicklook"
    cp -f "$NAMELIST" "$RUN_DIR/namelist.input"
    ln -sf "$PWD"/wrfinput_d0* "$PWD"/wrfbdy_d01 "$RUN_DIR"/ 2>/dev/null
    scontrol show hostnames "${SLURM_JOB_NODELIST:-localhost}" > "$HOSTFILE"
    log "$(wc -l < "$HOSTFILE") hosts in allocation"
}

start_monitor() {
    python3 -m http.server "$MONITOR_PORT" --bind 0.0.0.0 \
        --directory "$RUN_DIR" > "$RUN_DIR/monitor.log" 2>&1 &
    MONITOR_PID=$!
    log "monitor on http://$(hostname -f):$MONITOR_PORT/ (pid $MONITOR_PID)"
}

stop_monitor() {
    if [ -n "${MONITOR_PID:-}" ] && kill -0 "$MONITOR_PID" 2>/dev/null; then
        kill "$MONITOR_PID"
        log "monitor stopped"
    fi
}

quicklook_loop() {
    while kill -0 "$1" 2>/dev/null; do
        sleep 300
        for f in "$RUN_DIR"/wrfout_d01_*; do
            [ -e "$f" ] || continue
            png="$RUN_DIR/quicklook/$(basename "$f").png"
            [ -e "$png" ] || ncl_quicklook "$f" "$png" >/dev/null 2>&1 || true
        done
    done
}

trap stop_monitor EXIT

load_env
prepare_rundir
start_monitor

cd "$RUN_DIR" || exit 1
log "launching $MODEL_BIN on ${SLURM_NTASKS:-1} ranks"
mpirun --hostfile "$HOSTFILE" -np "${SLURM_NTASKS:-1}" \
       --map-by ppr:64:node --bind-to core "$MODEL_BIN" &
MODEL_PID=$!
quicklook_loop "$MODEL_PID" &
wait "$MODEL_PID"
rc=$?

if grep -q "SUCCESS COMPLETE WRF" rsl.out.0000 2>/dev/null; then
    log "model finished successfully"
else
    log "model failed with rc=$rc; see rsl.error.*"
fi
exit "$rc"
