#!/usr/bin/env bash
# bootstrap/setup-dev.sh - one-time setup of an Ubuntu workstation for the
# monorepo. Installs build dependencies from the distro, raises the inotify
# limits the file watchers need, and puts the user in the docker group.
#
#   ./bootstrap/setup-dev.sh [-y] [-s]
#     -y   assume yes for apt
#     -s   skip the docker group change

set -euo pipefail

SUDO=sudo
APT_YES=""
SKIP_DOCKER=0
INOTIFY_CONF=/etc/sysctl.d/60-dev-inotify.conf
PKGS=(
    build-essential pkg-config git git-lfs jq shellcheck
    python3-venv python3-dev libpq-dev libssl-dev
    docker.io docker-compose-v2 postgresql-client redis-tools
)

step() { printf '\n\033[1m>> %s\033[0m\n' "$*"; }
info() { printf '   %s\n' "$*"; }
die()  { printf '!! %s\n' "$*" >&2; exit 1; }

while getopts "ysh" flag; do
    case "$flag" in
        y) APT_YES="-y" ;;
        s) SKIP_DOCKER=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

[[ $(id -u) -eq 0 ]] && SUDO=""
. /etc/os-release
case "${ID:-}" in
    ubuntu|debian) info "detected ${PRETTY_NAME}" ;;
    *) die "only Debian/Ubuntu are supported (found ${ID:-unknown})" ;;
esac

REPO_ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || die "run from inside the monorepo checkout"

step "system packages"
missing=()
for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if (( ${#missing[@]} )); then
    info "installing: ${missing[*]}"
    $SUDO apt-get update -qq
    $SUDO apt-get install $APT_YES --no-install-recommends "${missing[@]}"
else
    info "all packages present"
fi

step "file watcher limits"
current=$(cat /proc/sys/fs/inotify/max_user_watches)
if (( current < 524288 )); then
    printf 'fs.inotify.max_user_watches = 524288\nfs.inotify.max_user_instances = 1024\n' \
        | $SUDO tee "$INOTIFY_CONF" >/dev/null
    $SUDO sysctl --quiet --load="$INOTIFY_CONF"
    info "raised max_user_watches from ${current} to 524288"
else
    info "max_user_watches already ${current}"
fi

if (( ! SKIP_DOCKER )); then
    step "docker access"
    if id -nG "$USER" | tr ' ' '\n' | grep -qx docker; then
        info "${USER} is already in the docker group"
    else
        $SUDO usermod -aG docker "$USER"
        info "added ${USER} to docker group (log out and back in to apply)"
    fi
    $SUDO systemctl start docker
fi

step "git lfs + hooks"
git -C "$REPO_ROOT" lfs install --local
git -C "$REPO_ROOT" config core.hooksPath .githooks

step "python tooling"
if [[ ! -d ${REPO_ROOT}/.venv ]]; then
    python3 -m venv "${REPO_ROOT}/.venv"
fi
info "virtualenv at ${REPO_ROOT}/.venv"

step "done"
info "next: source .venv/bin/activate && make deps bootstrap"
