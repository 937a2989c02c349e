#!/bin/sh
# transcode_node_init.sh - prepare a checkout as a transcode worker node.
#
# Creates the virtualenv, installs the worker requirements, writes a default
# node.env and the spool directories. Re-running it is fine.
#
#   ./transcode_node_init.sh [--queue URL] [--concurrency N] [--force]

set -eu

NODE_ROOT=$(pwd)
QUEUE_URL="redis://queue.internal:6379/3"
CONCURRENCY=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
FORCE=0
PY=${PYTHON:-python3}

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --queue) QUEUE_URL=$2; shift 2 ;;
        --concurrency) CONCURRENCY=$2; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

check_tools() {
    for tool in ffmpeg ffprobe "$PY"; do
        command -v "$tool" >/dev/null 2>&1 || die "$tool not found in PATH"
    done
    ffv=$(ffmpeg -hide_banner -version | head -n1 | awk '{print $3}')
    say "ffmpeg $ffv"
    if ! ffmpeg -hide_banner -encoders 2>/dev/null | grep -q libsvtav1; then
        warn "ffmpeg lacks libsvtav1; AV1 ladders will be skipped on this node"
    fi
}

make_venv() {
    if [ -d .venv ] && [ "$FORCE" -eq 0 ]; then
        say "virtualenv exists"
    else
        say "creating virtualenv"
        rm -rf .venv
        "$PY" -m venv .venv
    fi
    . .venv/bin/activate
    pip install --quiet --upgrade pip wheel
    [ -f requirements.txt ] || die "requirements.txt missing - run from the repo root"
    pip install --quiet -r requirements.txt
}

write_env() {
    if [ -f node.env ] && [ "$FORCE" -eq 0 ]; then
        say "node.env kept"
        return
    fi
    cat > node.env <<EOF
# generated $(date -u +%FT%TZ) by transcode_node_init.sh
NODE_NAME=$(hostname -s)
QUEUE_URL=$QUEUE_URL
CONCURRENCY=$CONCURRENCY
SPOOL_DIR=$NODE_ROOT/spool
OUTPUT_DIR=$NODE_ROOT/output
LADDER=configs/ladder_default.yaml
EOF
    chmod 600 node.env
    say "wrote node.env"
}

make_dirs() {
    for d in spool/incoming spool/working output logs; do
        mkdir -p "$d"
    done
    say "spool directories ready"
}

check_tools
make_venv
make_dirs
write_env

cat <<EOF

Node initialised in $NODE_ROOT
Start the worker with:

    . .venv/bin/activate && set -a && . ./node.env && set +a
    python -m transcoder.worker

EOF
