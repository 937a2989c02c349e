#!/usr/bin/env bash
# lab-up: spin up a throw-away multi-node Kubernetes lab on a workstation
# using node containers (kubeadm inside systemd-in-docker) plus a local
# registry reachable as registry.lab.local.
#
#   lab-up.sh up [--workers N] [--k8s v1.29.2]
#   lab-up.sh down
set -Eeuo pipefail

CLUSTER="${LAB_CLUSTER:-lab}"
K8S_VERSION="v1.29.2"
WORKERS=2
NODE_IMAGE_REPO="${NODE_IMAGE_REPO:-kindest/node}"
REGISTRY_NAME="${CLUSTER}-registry"
REGISTRY_PORT=5001
NETWORK="${CLUSTER}-net"

if [[ $EUID -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
        ELEVATE=(sudo)
    elif command -v doas >/dev/null 2>&1; then
        ELEVATE=(doas)
    else
        echo "need sudo or doas for host preparation" >&2
        exit 1
    fi
else
    ELEVATE=()
fi

msg() { printf '\033[1;34m>>\033[0m %s\n' "$*"; }
trap 'echo "failed at line $LINENO" >&2' ERR

prepare_host() {
    # kubelet inside the node containers needs shared mount propagation
    if ! findmnt -o PROPAGATION -n / | grep -q shared; then
        msg "making / a shared mount"
        "${ELEVATE[@]}" mount --make-rshared /
    fi
    if ! grep -q "registry.lab.local" /etc/hosts; then
        msg "adding registry.lab.local to /etc/hosts"
        echo "127.0.0.1 registry.lab.local" | "${ELEVATE[@]}" tee -a /etc/hosts >/dev/null
    fi
}

ensure_network() {
    docker network inspect "$NETWORK" >/dev/null 2>&1 || \
        docker network create --driver bridge --subnet 172.30.0.0/16 "$NETWORK" >/dev/null
}

start_registry() {
    if [[ -z "$(docker ps -q -f "name=^${REGISTRY_NAME}$")" ]]; then
        msg "starting registry on :${REGISTRY_PORT}"
        docker run -d --restart=unless-stopped --name "$REGISTRY_NAME" \
            --network "$NETWORK" -p "127.0.0.1:${REGISTRY_PORT}:5000" registry:2 >/dev/null
    fi
}

start_node() {
    local name="$1" role="$2"
    msg "starting ${role} node ${name}"
    docker run -d --name "$name" --hostname "$name" \
        --privileged \
        --network "$NETWORK" \
        --tmpfs /run --tmpfs /tmp \
        -v /lib/modules:/lib/modules:ro \
        -v "${name}-var:/var" \
        --label "lab.cluster=${CLUSTER}" --label "lab.role=${role}" \
        "${NODE_IMAGE_REPO}:${K8S_VERSION}" >/dev/null
    # wait for systemd inside the node
    for _ in $(seq 1 30); do
        docker exec "$name" systemctl is-system-running --wait >/dev/null 2>&1 && return 0
        sleep 2
    done
    echo "node $name did not boot" >&2
    return 1
}

bootstrap() {
    local cp="${CLUSTER}-control-plane" join i
    docker exec "$cp" kubeadm init --skip-phases=preflight \
        --pod-network-cidr=10.244.0.0/16 --kubernetes-version="$K8S_VERSION" >/dev/null
    join="$(docker exec "$cp" kubeadm token create --print-join-command)"
    for i in $(seq 1 "$WORKERS"); do
        docker exec "${CLUSTER}-worker${i}" bash -c "$join --ignore-preflight-errors=all" >/dev/null
    done
    mkdir -p "$HOME/.kube"
    docker exec "$cp" cat /etc/kubernetes/admin.conf > "$HOME/.kube/${CLUSTER}.conf"
    chmod 600 "$HOME/.kube/${CLUSTER}.conf"
    msg "export KUBECONFIG=$HOME/.kube/${CLUSTER}.conf"
}

up() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --workers) WORKERS="$2"; shift 2 ;;
            --k8s) K8S_VERSION="$2"; shift 2 ;;
            *) echo "unknown flag $1" >&2; exit 2 ;;
        esac
    done
    prepare_host
    ensure_network
    start_registry
    start_node "${CLUSTER}-control-plane" control-plane
    for i in $(seq 1 "$WORKERS"); do start_node "${CLUSTER}-worker${i}" worker; done
    bootstrap
}

down() {
    msg "removing lab ${CLUSTER}"
    docker ps -aq -f "label=lab.cluster=${CLUSTER}" | xargs -r docker rm -f >/dev/null
    docker rm -f "$REGISTRY_NAME" >/dev/null 2>&1 || true
    docker volume ls -q | grep "^${CLUSTER}-" | xargs -r docker volume rm >/dev/null || true
    docker network rm "$NETWORK" >/dev/null 2>&1 || true
}

case "${1:-}" in
    up) shift; up "$@" ;;
    down) down ;;
    *) sed -n '2,7p' "$0"; exit 2 ;;
esac
