#!/usr/bin/env bash
# Launch the kernel-bypass tick recorder next to the matching-engine feed.
# The recorder image uses DPDK/AF_XDP, so it needs hugepages, the NIC and
# host networking. Captured pcaps land in ./captures/<date>.
set -euo pipefail

IMAGE="${IMAGE:-registry.internal.example/mdtools/tickrec:2.7.1}"
NAME="tickrec-$(hostname -s)"
NIC="${NIC:-ens1f1}"
CORES="${CORES:-4-7}"
HUGEPAGES_MB="${HUGEPAGES_MB:-2048}"
CAPTURE_ROOT="$(pwd)/captures"
SESSION="$(date -u +%Y%m%d)"

info() { echo "[tickrec] $*"; }
fail() { echo "[tickrec] ERROR: $*" >&2; exit 1; }

usage() {
    echo "usage: $0 {start|stop|status|logs}"
    exit 64
}

preflight() {
    command -v docker >/dev/null || fail "docker CLI missing"
    docker info >/dev/null 2>&1 || fail "docker daemon unreachable"
    [[ -d "/sys/class/net/${NIC}" ]] || fail "NIC ${NIC} not present"
    local free_huge
    free_huge="$(awk '/HugePages_Free/ {print $2}' /proc/meminfo)"
    if (( free_huge * 2 < HUGEPAGES_MB )); then
        fail "only ${free_huge} free 2M hugepages, need ${HUGEPAGES_MB}MB"
    fi
}

start() {
    preflight
    if docker ps --format '{{.Names}}' | grep -qx "$NAME"; then
        info "$NAME already running"
        return 0
    fi
    mkdir -p "${CAPTURE_ROOT}/${SESSION}"
    docker pull -q "$IMAGE" >/dev/null
    docker run -d --rm \
        --name "$NAME" \
        --privileged \
        --network host \
        --cpuset-cpus "$CORES" \
        --ulimit memlock=-1:-1 \
        -v /dev/hugepages:/dev/hugepages \
        -v "${CAPTURE_ROOT}/${SESSION}:/captures" \
        -e TICKREC_IFACE="$NIC" \
        -e TICKREC_ROTATE_MB=512 \
        -e TICKREC_FILTER="udp and dst net 233.54.12.0/24" \
        "$IMAGE" record --out /captures
    info "started $NAME on $NIC (cores $CORES), writing to ${CAPTURE_ROOT}/${SESSION}"
}

stop() {
    if docker ps -q --filter "name=^${NAME}$" | grep -q .; then
        docker stop -t 20 "$NAME" >/dev/null
        info "stopped $NAME"
    else
        info "$NAME not running"
    fi
}

status() {
    docker ps --filter "name=^${NAME}$" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
    du -sh "${CAPTURE_ROOT}/${SESSION}" 2>/dev/null || true
}

case "${1:-}" in
    start)  start ;;
    stop)   stop ;;
    status) status ;;
    logs)   docker logs --tail 100 -f "$NAME" ;;
    *)      usage ;;
esac
