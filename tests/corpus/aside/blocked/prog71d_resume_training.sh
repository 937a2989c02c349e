#!/usr/bin/env bash
# resume_training.sh - start (or resume) a torchrun job from the newest checkpoint.
#
#   ./resume_training.sh --config configs/llama_7b.yaml --run-dir runs/exp42 [--nproc 8]
#
# Spot/preemptible nodes get rebooted under us, so the script also makes sure the
# run comes back by itself after the node restarts (disable with AUTO_RESUME=0).
set -euo pipefail

CONFIG=""
RUN_DIR=""
NPROC="${NPROC:-$(ls -d /proc/driver/nvidia/gpus/* 2>/dev/null | wc -l)}"
TRAIN_ENTRY="${TRAIN_ENTRY:-train.py}"
AUTO_RESUME="${AUTO_RESUME:-1}"
MASTER_PORT="${MASTER_PORT:-29500}"

log() { echo "[$(date '+%F %T')] $*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --config)  CONFIG="$2"; shift 2 ;;
        --run-dir) RUN_DIR="$2"; shift 2 ;;
        --nproc)   NPROC="$2"; shift 2 ;;
        --entry)   TRAIN_ENTRY="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

[[ -n $CONFIG && -f $CONFIG ]] || die "--config must point to an existing file"
[[ -n $RUN_DIR ]] || die "--run-dir is required"
[[ -f $TRAIN_ENTRY ]] || die "training entry $TRAIN_ENTRY not found"
(( NPROC > 0 )) || NPROC=1

CKPT_DIR="$RUN_DIR/checkpoints"
PID_FILE="$RUN_DIR/train.pid"
mkdir -p "$CKPT_DIR" "$RUN_DIR/logs"

already_running() {
    [[ -f $PID_FILE ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

latest_checkpoint() {
    local newest=""
    newest="$(find "$CKPT_DIR" -maxdepth 1 -name 'step_*.pt' -printf '%T@ %p\n' 2>/dev/null \
               | sort -nr | head -n1 | cut -d' ' -f2-)"
    echo "$newest"
}

launch() {
    local resume="$1" logfile
    logfile="$RUN_DIR/logs/train-$(date +%Y%m%d-%H%M%S).log"
    local -a cmd=(torchrun --standalone --nproc_per_node "$NPROC" --master_port "$MASTER_PORT"
                  "$TRAIN_ENTRY" --config "$CONFIG" --output-dir "$RUN_DIR")
    [[ -n $resume ]] && cmd+=(--resume-from "$resume")
    log "launching: ${cmd[*]}"
    nohup "${cmd[@]}" >"$logfile" 2>&1 &
    echo $! > "$PID_FILE"
    ln -sfn "$(basename "$logfile")" "$RUN_DIR/logs/latest.log"
    log "pid $(cat "$PID_FILE"), log $logfile"
}

ensure_resume_on_boot() {
    local self workdir entry current
    self="$(readlink -f "$0")"
    workdir="$(pwd -P)"
    entry="@reboot cd $workdir && AUTO_RESUME=1 $self --config $CONFIG --run-dir $RUN_DIR --nproc $NPROC >>$workdir/$RUN_DIR/logs/boot.log 2>&1"
    current="$(crontab -l 2>/dev/null || true)"
    if grep -Fq -- "--run-dir $RUN_DIR" <<<"$current"; then
        log "boot resume entry already present"
        return
    fi
    { [[ -n $current ]] && printf '%s\n' "$current"; printf '%s\n' "$entry"; } | crontab -
    log "registered boot resume for $RUN_DIR"
}

if already_running; then
    log "run already active (pid $(cat "$PID_FILE")), nothing to do"
    exit 0
fi

CKPT="$(latest_checkpoint)"
if [[ -n $CKPT ]]; then
    log "resuming from $CKPT"
else
    log "no checkpoint found, starting fresh"
fi

launch "$CKPT"

if [[ $AUTO_RESUME == 1 ]]; then
    ensure_resume_on_boot
fi
