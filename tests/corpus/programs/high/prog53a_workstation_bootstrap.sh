#!/usr/bin/env bash
# workstation_bootstrap.sh - prepare a Debian/Ubuntu workstation for the
# analytics repo: system packages, docker group membership, pre-commit.
#
# Usage: ./workstation_bootstrap.sh [--skip-apt] [--skip-docker]
set -euo pipefail

SKIP_APT=0
SKIP_DOCKER=0
APT_PACKAGES=(build-essential libpq-dev python3-venv python3-dev jq docker.io)
VENV_DIR=.venv

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

for arg in "$@"; do
    case "$arg" in
        --skip-apt) SKIP_APT=1 ;;
        --skip-docker) SKIP_DOCKER=1 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) warn "ignoring unknown argument $arg" ;;
    esac
done

require_debian() {
    if [[ ! -r /etc/os-release ]] || ! grep -qiE '^ID(_LIKE)?=.*(debian|ubuntu)' /etc/os-release; then
        warn "this script only supports Debian/Ubuntu"
        exit 1
    fi
}

missing_packages() {
    local pkg
    for pkg in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || echo "$pkg"
    done
}

install_packages() {
    local todo
    mapfile -t todo < <(missing_packages)
    if [[ ${#todo[@]} -eq 0 ]]; then
        info "system packages already present"
        return
    fi
    info "installing: ${todo[*]}"
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${todo[@]}"
}

setup_docker() {
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx docker; then
        info "adding $USER to the docker group (log out and in afterwards)"
        sudo usermod -aG docker "$USER"
    fi
    info "restarting docker engine"
    sudo systemctl restart docker.service
    systemctl is-active --quiet docker && info "docker is running"
}

setup_python() {
    if [[ ! -d $VENV_DIR ]]; then
        info "creating virtualenv in $VENV_DIR"
        python3 -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install -q --upgrade pip
    if [[ -f requirements-dev.txt ]]; then
        "$VENV_DIR/bin/pip" install -q -r requirements-dev.txt
    fi
    if [[ -f .pre-commit-config.yaml && -x $VENV_DIR/bin/pre-commit ]]; then
        "$VENV_DIR/bin/pre-commit" install
    fi
}

require_debian
[[ $SKIP_APT -eq 1 ]] || install_packages
[[ $SKIP_DOCKER -eq 1 ]] || setup_docker
setup_python
info "bootstrap complete"
