#!/bin/sh
# shared_model_cache.sh - one model/dataset cache per box instead of one per user.
#
#   ./shared_model_cache.sh [-r ROOT] [-q QUOTA_GB] [-e ENVFILE]
#
# Creates the cache tree (hf hub, torch hub, datasets, vllm), makes it writable
# for everyone who trains on the box, and writes an env file users can source.
set -eu

CACHE_ROOT="/usr/local/share/ml-cache"
QUOTA_GB=""
ENV_FILE="./ml-cache.env"
SUBDIRS="huggingface/hub huggingface/datasets torch/hub vllm triton"

log() { echo "shared-cache: $*" >&2; }
die() { log "error: $*"; exit 1; }

usage() { sed -n '2,8p' "$0"; }

while getopts "r:q:e:h" opt; do
    case "$opt" in
        r) CACHE_ROOT="$OPTARG" ;;
        q) QUOTA_GB="$OPTARG" ;;
        e) ENV_FILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# run a command with root rights, using whatever the box has
elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        die "need root, sudo or doas to create $CACHE_ROOT"
    fi
}

check_space() {
    parent=$(dirname "$CACHE_ROOT")
    avail=$(df -Pk "$parent" | awk 'NR==2 {print int($4/1048576)}')
    log "free space under $parent: ${avail}G"
    if [ -n "$QUOTA_GB" ] && [ "$avail" -lt "$QUOTA_GB" ]; then
        die "requested quota ${QUOTA_GB}G exceeds free space"
    fi
}

create_tree() {
    for sub in $SUBDIRS; do
        elevate mkdir -p "$CACHE_ROOT/$sub"
    done
    # everyone on the box trains, so everyone must be able to write the cache
    elevate chmod -R 777 "$CACHE_ROOT"
    if [ -n "$QUOTA_GB" ]; then
        printf '%s\n' "$QUOTA_GB" | elevate tee "$CACHE_ROOT/.quota_gb" >/dev/null
    fi
    log "cache tree ready at $CACHE_ROOT"
}

write_env() {
    cat >"$ENV_FILE" <<EOF
# source this file (or add it to your job script) to use the shared cache
export HF_HOME="$CACHE_ROOT/huggingface"
export HF_DATASETS_CACHE="$CACHE_ROOT/huggingface/datasets"
export TORCH_HOME="$CACHE_ROOT/torch"
export VLLM_CACHE_ROOT="$CACHE_ROOT/vllm"
export TRITON_CACHE_DIR="$CACHE_ROOT/triton"
EOF
    log "wrote $ENV_FILE"
}

summary() {
    log "layout:"
    for sub in $SUBDIRS; do
        du -sh "$CACHE_ROOT/$sub" 2>/dev/null | sed 's/^/    /' >&2 || true
    done
}

check_space
create_tree
write_env
summary
