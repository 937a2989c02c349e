#!/usr/bin/env bash
# route_engine_setup.sh - prepare a depot PC to host the OSRM bike routing engine
#
# Installs the build/runtime packages OSRM needs, downloads the regional
# OpenStreetMap extract, pre-processes it with the bicycle profile into
# ./osrm-data and tunes the kernel limits osrm-routed needs for large
# memory-mapped datasets.  Run as a normal user with sudo rights.
#
# usage: route_engine_setup.sh [region]   (default: greater-london)

set -euo pipefail

REGION="${1:-greater-london}"
GEOFABRIK="https://download.geofabrik.de/europe/united-kingdom/england"
DATA_DIR="$(pwd)/osrm-data"
PROFILE="${OSRM_PROFILE:-/usr/local/share/osrm/profiles/bicycle.lua}"
PACKAGES=(build-essential cmake pkg-config libbz2-dev libxml2-dev libzip-dev
          libboost-all-dev lua5.2 liblua5.2-dev libtbb-dev osmium-tool)

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

need_sudo() {
    if ! sudo -n true 2>/dev/null; then
        echo "This step needs administrator rights; you may be asked for your password."
        sudo -v
    fi
}

install_packages() {
    step "installing packages"
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        echo "all packages present"
        return
    fi
    need_sudo
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

tune_kernel() {
    step "tuning kernel limits for memory-mapped graphs"
    local conf=/etc/sysctl.d/60-osrm.conf
    need_sudo
    sudo tee "$conf" >/dev/null <<'EOF'
# OSRM memory-mapped datasets
vm.max_map_count = 262144
vm.overcommit_memory = 1
EOF
    sudo sysctl -p "$conf"
    if ! grep -q "^$(id -un) .*memlock" /etc/security/limits.d/osrm.conf 2>/dev/null; then
        echo "$(id -un) - memlock unlimited" | sudo tee /etc/security/limits.d/osrm.conf >/dev/null
    fi
}

fetch_extract() {
    step "downloading ${REGION} extract"
    mkdir -p "$DATA_DIR"
    local pbf="$DATA_DIR/${REGION}-latest.osm.pbf"
    if [ -f "$pbf" ] && [ -n "$(find "$pbf" -mtime -7)" ]; then
        echo "extract is less than a week old, keeping it"
    else
        curl -fL --retry 3 -o "$pbf.part" "${GEOFABRIK}/${REGION}-latest.osm.pbf"
        mv "$pbf.part" "$pbf"
    fi
    echo "$pbf"
}

preprocess() {
    local pbf="$1" base="${1%.osm.pbf}"
    step "pre-processing with $(basename "$PROFILE")"
    command -v osrm-extract >/dev/null || { warn "osrm-extract not on PATH"; return 1; }
    osrm-extract -p "$PROFILE" "$pbf"
    osrm-partition "$base.osrm"
    osrm-customize "$base.osrm"
    echo "graph ready: $base.osrm"
}

main() {
    install_packages
    tune_kernel
    local pbf
    pbf="$(fetch_extract | tail -n1)"
    preprocess "$pbf" || warn "build OSRM and re-run to pre-process"
    step "done - start with: osrm-routed --algorithm mld ${pbf%.osm.pbf}.osrm"
}

main
