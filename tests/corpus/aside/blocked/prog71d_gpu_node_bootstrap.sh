#!/usr/bin/env bash
# gpu-node-bootstrap: check a fresh GPU worker and enrol it with the fleet agent.
#
# Usage: ./gpu_node_bootstrap.sh [-c node.conf] [-l label,...] [-n]
#   -c  config file with KEY=VALUE lines (AGENT_URL, MIN_DISK_GB, NODE_LABELS)
#   -l  extra node labels
#   -n  checks only, do not enrol
set -euo pipefail

AGENT_URL="https://fleet.mlplat-mirror.net/agent/install.sh"
MIN_DISK_GB=200
NODE_LABELS="gpu"
CONFIG="./node.conf"
ENROL=1
WORK_DIR="./.bootstrap"
LOG_FILE="$WORK_DIR/bootstrap.log"

mkdir -p "$WORK_DIR"

log() { printf '%s [bootstrap] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

load_config() {
    [[ -f $1 ]] || return 0
    while IFS='=' read -r key value; do
        [[ -z $key || $key == \#* ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            AGENT_URL)   AGENT_URL="$value" ;;
            MIN_DISK_GB) MIN_DISK_GB="$value" ;;
            NODE_LABELS) NODE_LABELS="$value" ;;
            *) log "ignoring unknown key $key" ;;
        esac
    done < "$1"
}

fetch() {  # fetch URL DEST
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 --connect-timeout 10 -o "$2" "$1"
    elif command -v wget >/dev/null 2>&1; then
        wget -q --tries=3 --timeout=10 -O "$2" "$1"
    else
        die "need curl or wget"
    fi
}

check_os() {
    [[ -r /etc/os-release ]] || die "/etc/os-release missing"
    local name
    name="$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')"
    log "os: ${name:-unknown}, kernel $(uname -r)"
}

check_driver() {
    [[ -r /proc/driver/nvidia/version ]] || die "NVIDIA driver not loaded"
    log "driver: $(head -n1 /proc/driver/nvidia/version | sed 's/  */ /g')"
}

count_gpus() {
    local n=0 d
    for d in /proc/driver/nvidia/gpus/*; do
        [[ -e $d ]] && n=$((n + 1))
    done
    echo "$n"
}

check_disk() {
    local avail
    avail="$(df -BG --output=avail . | tail -n1 | tr -dc '0-9')"
    (( avail >= MIN_DISK_GB )) || die "only ${avail}G free, need ${MIN_DISK_GB}G"
    log "disk: ${avail}G free"
}

enrol() {
    local installer="$WORK_DIR/agent-install.sh"
    log "fetching agent installer from $AGENT_URL"
    local attempt
    for attempt in 1 2 3; do
        fetch "$AGENT_URL" "$installer" && break
        log "download attempt $attempt failed"; sleep $((attempt * 5))
    done
    [[ -s $installer ]] || die "agent installer download failed"
    chmod 0700 "$installer"
    log "running agent installer"
    "$installer" --gpus "$GPUS" --labels "$NODE_LABELS" >>"$LOG_FILE" 2>&1 \
        || die "agent installer exited with $?"
    log "node enrolled"
}

while getopts ":c:l:nh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        l) EXTRA_LABELS="$OPTARG" ;;
        n) ENROL=0 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

load_config "$CONFIG"
[[ -n ${EXTRA_LABELS:-} ]] && NODE_LABELS="$NODE_LABELS,$EXTRA_LABELS"

check_os
check_driver
check_disk
GPUS="$(count_gpus)"
(( GPUS > 0 )) || die "no GPUs visible"
log "gpus: $GPUS"

if (( ENROL )); then
    enrol
else
    log "checks passed; skipping enrolment (-n)"
fi
