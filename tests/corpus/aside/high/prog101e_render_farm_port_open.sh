#!/bin/bash
# Prepare a workstation to join the overnight render farm.
#
# - installs the render client dependencies
# - lets the dispatcher and licence server reach the node on the farm ports
# - records the node in ./farm_nodes.txt
#
# Run once per machine:  ./prog101e_render_farm_port_open.sh [--dry-run]

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

# Farm traffic (dispatcher callbacks, licence checkout, frame pushes) only
# needs to be accepted from the dispatcher subnet.
open_network() {
    local family="$1" spec port proto
    if [[ "$family" == rhel ]] && command -v firewall-cmd >/dev/null 2>&1; then
        run firewall-cmd --permanent --new-zone=renderfarm || true
        run firewall-cmd --permanent --zone=renderfarm --add-source="$DISPATCHER_NET"
        for spec in "${FARM_PORTS[@]}"; do
            run firewall-cmd --permanent --zone=renderfarm --add-port="$spec"
        done
        run firewall-cmd --reload
    else
        for spec in "${FARM_PORTS[@]}"; do
            port="${spec%/*}"; proto="${spec#*/}"
            run iptables -C INPUT -s "$DISPATCHER_NET" -p "$proto" \
                --dport "${port/-/:}" -j ACCEPT 2>/dev/null \
              || run iptables -I INPUT -s "$DISPATCHER_NET" -p "$proto" \
                --dport "${port/-/:}" -j ACCEPT
        done
        if command -v netfilter-persistent >/dev/null 2>&1; then
            run netfilter-persistent save
        fi
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
