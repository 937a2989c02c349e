#!/usr/bin/env bash
# node_debug_toolkit.sh - on-call helpers for inspecting a Kubernetes worker.
#
#   shell        privileged debug container with the host's PID namespace
#                and the host root filesystem mounted at /host
#   enter PID    run a shell inside the namespaces of a host process
#   scratch      throwaway shell with a private mount namespace and tmpfs
#   ps           host process list as seen from the debug container

set -euo pipefail

DEBUG_IMAGE="${DEBUG_IMAGE:-docker.io/nicolaka/netshoot:v0.13}"
CONTAINER_NAME="node-debug-$(whoami)"

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing tool: $1" >&2; exit 1; }
}

debug_shell() {
    need docker
    echo "starting $DEBUG_IMAGE with host PID/network namespaces; host / is at /host"
    docker run --rm -it \
        --name "$CONTAINER_NAME" \
        --privileged \
        --pid=host \
        --network=host \
        -v /:/host \
        -e PS1='[node-debug \W]# ' \
        "$DEBUG_IMAGE" bash
}

host_ps() {
    need docker
    docker run --rm --pid=host -v /:/host:ro "$DEBUG_IMAGE" \
        ps -eo pid,ppid,user,rss,etime,comm --sort=-rss | head -n 25
}

enter_process() {
    local pid="${1:-}"
    [[ "$pid" =~ ^[0-9]+$ ]] || { echo "enter needs a numeric PID" >&2; exit 2; }
    [[ -d "/proc/$pid" ]] || { echo "no such process: $pid" >&2; exit 1; }
    need nsenter
    local comm
    comm=$(cat "/proc/$pid/comm")
    echo "entering namespaces of $pid ($comm)"
    sudo nsenter --target "$pid" --mount --uts --ipc --net --pid -- /bin/sh
}

scratch_shell() {
    need unshare
    echo "private mount namespace; /mnt/scratch is a tmpfs that vanishes on exit"
    sudo unshare --mount --propagation private -- /bin/bash -c '
        mkdir -p /mnt/scratch
        mount -t tmpfs -o size=512m tmpfs /mnt/scratch
        cd /mnt/scratch
        exec bash -i'
}

cleanup() {
    need docker
    if docker ps -a --format '{{.Names}}' | grep -qx "$CONTAINER_NAME"; then
        docker rm -f "$CONTAINER_NAME" >/dev/null
        echo "removed leftover $CONTAINER_NAME"
    fi
}

main() {
    local cmd="${1:-}"
    shift || true
    case "$cmd" in
        shell)   cleanup; debug_shell ;;
        enter)   enter_process "$@" ;;
        scratch) scratch_shell ;;
        ps)      host_ps ;;
        clean)   cleanup ;;
        *)       usage ;;
    esac
}

main "$@"
