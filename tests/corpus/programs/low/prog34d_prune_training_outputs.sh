#!/usr/bin/env bash
# Prune training outputs inside the current project checkout.
#
#   ./prune_training_outputs.sh [--keep N] [--dry-run] [--caches]
#
# - keeps the N most recent checkpoints per experiment under ./checkpoints
#   (plus any file named best.pt) and deletes the rest
# - with --caches, also removes __pycache__, .pytest_cache, .ipynb_checkpoints
#   and the ./build and ./dist directories
# - prints disk usage before and after
set -euo pipefail

KEEP=3
DRY_RUN=0
CLEAN_CACHES=0
PROJECT_ROOT="$(pwd)"
CKPT_DIR="${PROJECT_ROOT}/checkpoints"
LOG_FILE="${PROJECT_ROOT}/logs/prune.log"

log() {
    local msg="[$(date +%H:%M:%S)] $*"
    echo "$msg"
    mkdir -p "$(dirname "$LOG_FILE")"
    echo "$msg" >> "$LOG_FILE"
}

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

remove() {
    local target="$1"
    case "$target" in
        "$PROJECT_ROOT"/*) ;;
        *) log "refusing to touch $target (outside project)"; return 1 ;;
    esac
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $target"
    else
        rm -rf -- "$target"
        log "removed $target"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep) KEEP="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        --caches) CLEAN_CACHES=1; shift ;;
        -h|--help) usage 0 ;;
        *) echo "unknown option: $1" >&2; usage 1 ;;
    esac
done

if ! [[ "$KEEP" =~ ^[0-9]+$ ]] || [[ "$KEEP" -lt 1 ]]; then
    echo "--keep must be a positive integer" >&2
    exit 1
fi

if [[ ! -f "$PROJECT_ROOT/pyproject.toml" && ! -f "$PROJECT_ROOT/setup.cfg" ]]; then
    echo "run this from the project root (no pyproject.toml found)" >&2
    exit 1
fi

before=$(du -sh "$PROJECT_ROOT" 2>/dev/null | cut -f1)
log "project size before: $before (keep=$KEEP dry_run=$DRY_RUN)"

if [[ -d "$CKPT_DIR" ]]; then
    for exp in "$CKPT_DIR"/*/; do
        [[ -d "$exp" ]] || continue
        mapfile -t ckpts < <(ls -1t "$exp" | grep -E '\.(pt|ckpt|safetensors)$' | grep -v '^best\.pt$' || true)
        total=${#ckpts[@]}
        if (( total <= KEEP )); then
            log "$(basename "$exp"): $total checkpoints, nothing to prune"
            continue
        fi
        log "$(basename "$exp"): $total checkpoints, pruning $((total - KEEP))"
        for ((i = KEEP; i < total; i++)); do
            remove "${exp%/}/${ckpts[$i]}"
        done
    done
else
    log "no checkpoints directory"
fi

if [[ $CLEAN_CACHES -eq 1 ]]; then
    for d in build dist .pytest_cache .mypy_cache; do
        [[ -e "$PROJECT_ROOT/$d" ]] && remove "$PROJECT_ROOT/$d"
    done
    while IFS= read -r -d '' cache; do
        remove "$cache"
    done < <(find "$PROJECT_ROOT" -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) \
                -not -path "*/.venv/*" -print0)
fi

if [[ -f "$PROJECT_ROOT/.env.local" ]]; then
    chmod 600 "$PROJECT_ROOT/.env.local"
fi

after=$(du -sh "$PROJECT_ROOT" 2>/dev/null | cut -f1)
log "project size after: $after"
