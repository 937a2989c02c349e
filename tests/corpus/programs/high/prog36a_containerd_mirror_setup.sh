#!/usr/bin/env bash
# Point containerd on this node at the internal pull-through registry cache.
#
# Writes one hosts.toml per upstream registry under
# /etc/containerd/certs.d/<registry>/, installs the cache's CA certificate,
# makes sure config.toml enables the certs.d config_path, and restarts
# containerd.  Safe to re-run; nothing is restarted if nothing changed.
#
# usage: sudo ./containerd-mirror.sh -m https://registry-cache.internal:5000 \
#            [-r docker.io] [-r ghcr.io] [-r quay.io] [-c ca.crt] [-n]

set -euo pipefail

MIRROR=""
CA_FILE=""
REGISTRIES=()
DRY_RUN=false
CERTS_D=/etc/containerd/certs.d
CONFIG=/etc/containerd/config.toml
CHANGED=0

log() { echo "containerd-mirror: $*" >&2; }

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

while getopts ":m:r:c:nh" opt; do
    case $opt in
        m) MIRROR=$OPTARG ;;
        r) REGISTRIES+=("$OPTARG") ;;
        c) CA_FILE=$OPTARG ;;
        n) DRY_RUN=true ;;
        *) usage ;;
    esac
done

[[ -n $MIRROR ]] || usage
[[ ${#REGISTRIES[@]} -gt 0 ]] || REGISTRIES=(docker.io ghcr.io quay.io registry.k8s.io)

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    log "not root, using sudo for system changes"
fi

upstream_url() {
    case $1 in
        docker.io) echo "https://registry-1.docker.io" ;;
        *) echo "https://$1" ;;
    esac
}

install_if_changed() {
    # install_if_changed SRC DEST MODE
    local src=$1 dest=$2 mode=$3
    if $SUDO test -f "$dest" && $SUDO cmp -s "$src" "$dest"; then
        return 0
    fi
    log "writing $dest"
    if $DRY_RUN; then
        cat "$src" >&2
        return 0
    fi
    $SUDO mkdir -p "$(dirname "$dest")"
    $SUDO install -m "$mode" -o root -g root "$src" "$dest"
    CHANGED=1
}

render_hosts_toml() {
    local registry=$1
    cat <<EOF
# managed by containerd-mirror.sh
server = "$(upstream_url "$registry")"

[host."${MIRROR}/v2/${registry}"]
  capabilities = ["pull", "resolve"]
  override_path = true
EOF
    if [[ -n $CA_FILE ]]; then
        echo "  ca = \"${CERTS_D}/_mirror/ca.crt\""
    fi
}

ensure_config_path() {
    if $SUDO grep -q 'config_path *= *"/etc/containerd/certs.d"' "$CONFIG" 2>/dev/null; then
        return 0
    fi
    log "enabling config_path in $CONFIG"
    $DRY_RUN && return 0
    if [[ ! -f $CONFIG ]]; then
        containerd config default | $SUDO tee "$CONFIG" >/dev/null
    fi
    $SUDO cp -p "$CONFIG" "$CONFIG.bak.$(date +%s)"
    $SUDO sed -i 's|config_path = ""|config_path = "/etc/containerd/certs.d"|' "$CONFIG"
    CHANGED=1
}

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT

if [[ -n $CA_FILE ]]; then
    [[ -r $CA_FILE ]] || { log "cannot read $CA_FILE"; exit 1; }
    install_if_changed "$CA_FILE" "$CERTS_D/_mirror/ca.crt" 0644
fi

for reg in "${REGISTRIES[@]}"; do
    render_hosts_toml "$reg" > "$workdir/$reg.toml"
    install_if_changed "$workdir/$reg.toml" "$CERTS_D/$reg/hosts.toml" 0644
done

ensure_config_path

if [[ $CHANGED -eq 1 ]] && ! $DRY_RUN; then
    log "restarting containerd"
    $SUDO systemctl restart containerd
    $SUDO systemctl is-active --quiet containerd || { log "containerd failed to start"; exit 1; }
    if command -v crictl >/dev/null; then
        $SUDO crictl info >/dev/null && log "crictl reports containerd healthy"
    fi
else
    log "no changes"
fi
