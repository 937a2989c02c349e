#!/bin/bash
# EC2 user data for self-managed Kubernetes worker nodes (Ubuntu 22.04).
#
# Runs once at first boot via cloud-init: pins the cluster control-plane
# address in /etc/hosts, sets the kernel networking parameters kubelet needs,
# points containerd at the internal registry mirror and restarts the runtime.
set -euxo pipefail
exec > >(tee -a /var/log/node-bootstrap.log) 2>&1

CLUSTER_NAME="prod-eu1"
APISERVER_IP="10.40.0.10"
APISERVER_NAME="api.${CLUSTER_NAME}.k8s.internal"
REGISTRY_MIRROR="https://mirror.registry.internal:5000"
CONTAINERD_CONF=/etc/containerd/config.toml

log() { echo "[bootstrap] $*"; }

wait_for_apt() {
    local i
    for i in $(seq 1 30); do
        if ! fuser /var/lib/dpkg/lock-frontend >/dev/null 2>&1; then
            return 0
        fi
        log "apt locked, waiting ($i)"
        sleep 5
    done
    return 1
}

install_runtime() {
    wait_for_apt
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q containerd conntrack socat ebtables
}

pin_apiserver() {
    if grep -q "$APISERVER_NAME" /etc/hosts; then
        sed -i "s/^.*${APISERVER_NAME}\$/${APISERVER_IP} ${APISERVER_NAME}/" /etc/hosts
    else
        echo "${APISERVER_IP} ${APISERVER_NAME}" >> /etc/hosts
    fi
    log "apiserver pinned to $APISERVER_IP"
}

kernel_settings() {
    modprobe overlay
    modprobe br_netfilter
    sysctl -w net.bridge.bridge-nf-call-iptables=1
    sysctl -w net.bridge.bridge-nf-call-ip6tables=1
    sysctl -w net.ipv4.ip_forward=1
    swapoff -a
    sed -i '/\sswap\s/ s/^/#/' /etc/fstab
}

configure_containerd() {
    mkdir -p /etc/containerd
    containerd config default > "$CONTAINERD_CONF"
    sed -i 's/SystemdCgroup = false/SystemdCgroup = true/' "$CONTAINERD_CONF"
    mkdir -p /etc/containerd/certs.d/docker.io
    cat > /etc/containerd/certs.d/docker.io/hosts.toml <<EOF
server = "https://registry-1.docker.io"

[host."${REGISTRY_MIRROR}"]
  capabilities = ["pull", "resolve"]
EOF
    chmod 0644 /etc/containerd/certs.d/docker.io/hosts.toml
    systemctl restart containerd
    systemctl is-active --quiet containerd || { log "containerd failed to start"; exit 1; }
}

write_node_labels() {
    local az iid
    az=$(curl -fsS --max-time 2 http://169.254.169.254/latest/meta-data/placement/availability-zone || echo unknown)
    iid=$(curl -fsS --max-time 2 http://169.254.169.254/latest/meta-data/instance-id || echo unknown)
    mkdir -p /etc/kubernetes
    cat > /etc/kubernetes/node-labels.env <<EOF
NODE_LABELS=topology.kubernetes.io/zone=${az},node.cluster/name=${CLUSTER_NAME},node.cluster/instance=${iid}
EOF
}

main() {
    log "bootstrapping worker for cluster $CLUSTER_NAME"
    install_runtime
    pin_apiserver
    kernel_settings
    configure_containerd
    write_node_labels
    log "bootstrap complete; waiting for kubeadm join from the provisioner"
}

main
