#!/usr/bin/env bash
# provision_build_agent.sh — prepare a fresh Ubuntu/Debian VM as a build
# agent: system packages, Docker engine from the upstream apt repository,
# daemon configuration for the registry mirror, and group membership for the
# agent account.
set -euo pipefail

AGENT_USER="${AGENT_USER:-buildagent}"
REGISTRY_MIRROR="${REGISTRY_MIRROR:-https://mirror.build.example.internal}"
DOCKER_KEY_FPR="9DC858229FC7DD38854AE2D88D81803C0EBFCD88"
WORK=".provision"
SKIP_DOCKER=0
ASSUME_YES=0

BASE_PACKAGES=(build-essential git git-lfs jq unzip zip curl ca-certificates gnupg
               python3-venv python3-pip openjdk-17-jdk-headless shellcheck)
DOCKER_PACKAGES=(docker-ce docker-ce-cli containerd.io docker-buildx-plugin docker-compose-plugin)

step() { printf '\n\033[1m### %s\033[0m\n' "$*"; }
die()  { echo "provision: $*" >&2; exit 1; }

while getopts ":u:m:Dy" opt; do
    case "$opt" in
        u) AGENT_USER="$OPTARG" ;;
        m) REGISTRY_MIRROR="$OPTARG" ;;
        D) SKIP_DOCKER=1 ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: ${0##*/} [-u agent_user] [-m mirror] [-D] [-y]" >&2; exit 2 ;;
    esac
done

# shellcheck source=/dev/null
. /etc/os-release
case "${ID:-}" in
    ubuntu|debian) ;;
    *) die "unsupported distribution: ${PRETTY_NAME:-unknown}" ;;
esac

if [[ $ASSUME_YES -eq 0 ]]; then
    read -r -p "Provision $(hostname) ($PRETTY_NAME) as build agent for '$AGENT_USER'? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]] || exit 0
fi

mkdir -p "$WORK"
trap 'rm -rf "$WORK"' EXIT
export DEBIAN_FRONTEND=noninteractive

install_base() {
    step "base packages"
    sudo apt-get update -q
    sudo apt-get install -y -q --no-install-recommends "${BASE_PACKAGES[@]}"
}

add_docker_repo() {
    step "docker apt repository"
    curl -fsSL --max-time 30 "https://download.docker.com/linux/${ID}/gpg" -o "$WORK/docker.asc"
    if ! gpg --show-keys --with-colons "$WORK/docker.asc" | grep -q "fpr:::::::::${DOCKER_KEY_FPR}:"; then
        die "docker signing key fingerprint mismatch"
    fi
    gpg --dearmor < "$WORK/docker.asc" > "$WORK/docker.gpg"
    sudo install -D -m 0644 -o root -g root "$WORK/docker.gpg" /etc/apt/keyrings/docker.gpg
    echo "deb [arch=$(dpkg --print-architecture) signed-by=/etc/apt/keyrings/docker.gpg] https://download.docker.com/linux/${ID} ${VERSION_CODENAME} stable" \
        | sudo tee /etc/apt/sources.list.d/docker.list >/dev/null
    sudo apt-get update -q
    sudo apt-get install -y -q "${DOCKER_PACKAGES[@]}"
}

configure_docker_daemon() {
    step "docker daemon configuration"
    cat > "$WORK/daemon.json" <<EOF
{
  "registry-mirrors": ["${REGISTRY_MIRROR}"],
  "log-driver": "json-file",
  "log-opts": { "max-size": "50m", "max-file": "3" },
  "features": { "buildkit": true },
  "builder": { "gc": { "enabled": true, "defaultKeepStorage": "40GB" } }
}
EOF
    jq empty "$WORK/daemon.json" || die "generated daemon.json is invalid"
    if ! sudo cmp -s "$WORK/daemon.json" /etc/docker/daemon.json 2>/dev/null; then
        sudo install -D -m 0644 "$WORK/daemon.json" /etc/docker/daemon.json
        sudo systemctl restart docker
    fi
    sudo systemctl is-active --quiet docker || die "docker is not running"
}

configure_agent_user() {
    step "agent account"
    if ! id "$AGENT_USER" >/dev/null 2>&1; then
        sudo useradd --create-home --shell /bin/bash "$AGENT_USER"
    fi
    if [[ $SKIP_DOCKER -eq 0 ]]; then
        sudo usermod -aG docker "$AGENT_USER"
    fi
}

summary() {
    step "summary"
    printf '%-12s %s\n' host "$(hostname -f 2>/dev/null || hostname)" \
        os "$PRETTY_NAME" \
        cpus "$(grep -c ^processor /proc/cpuinfo)" \
        git "$(git --version | awk '{print $3}')"
    [[ $SKIP_DOCKER -eq 0 ]] && printf '%-12s %s\n' docker "$(sudo docker version --format '{{.Server.Version}}')"
}

install_base
if [[ $SKIP_DOCKER -eq 0 ]]; then
    add_docker_repo
    configure_docker_daemon
fi
configure_agent_user
summary
