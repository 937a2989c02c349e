#!/usr/bin/env bash
# postCreateCommand for the "python-data" dev container.
# Installs the native toolchain, generates the locale the test-suite needs,
# lets the dev user talk to the docker-in-docker daemon, and bootstraps the
# project virtualenv.

set -Eeuo pipefail

PROJECT_ROOT="${PROJECT_ROOT:-$(pwd)}"
DEV_USER="${DEV_USER:-${USER:-vscode}}"
LOCALE="${DEV_LOCALE:-en_US.UTF-8}"
APT_PACKAGES=(build-essential pkg-config libpq-dev jq ripgrep tmux locales)
STAMP="$PROJECT_ROOT/.devcontainer/.post-create.done"

info() { echo -e "\033[1;34m==>\033[0m $*"; }
warn() { echo -e "\033[1;33m!!\033[0m $*" >&2; }
trap 'warn "post-create failed at line $LINENO"' ERR

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

install_packages() {
    local missing=()
    for pkg in "${APT_PACKAGES[@]}"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        info "apt packages already present"
        return
    fi
    info "installing: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

configure_locale() {
    if locale -a 2>/dev/null | grep -qi "${LOCALE/UTF-8/utf8}"; then
        info "locale $LOCALE available"
        return
    fi
    info "enabling locale $LOCALE"
    as_root sed -i "s/^# *\(${LOCALE} UTF-8\)/\1/" /etc/locale.gen
    grep -q "^${LOCALE} UTF-8" /etc/locale.gen || echo "${LOCALE} UTF-8" | as_root tee -a /etc/locale.gen >/dev/null
    as_root locale-gen
}

docker_group() {
    if ! getent group docker >/dev/null; then
        warn "no docker group; skipping"
        return
    fi
    if id -nG "$DEV_USER" | grep -qw docker; then
        info "$DEV_USER already in docker group"
    else
        info "adding $DEV_USER to docker group"
        as_root usermod -aG docker "$DEV_USER"
    fi
}

python_env() {
    cd "$PROJECT_ROOT"
    if [ ! -d .venv ]; then
        info "creating .venv"
        python3 -m venv .venv
    fi
    .venv/bin/pip install -q --upgrade pip wheel
    if [ -f requirements-dev.txt ]; then
        .venv/bin/pip install -q -r requirements-dev.txt
    fi
}

main() {
    if [ -f "$STAMP" ] && [ "${FORCE:-0}" != 1 ]; then
        info "post-create already ran ($(cat "$STAMP")); FORCE=1 to redo"
        exit 0
    fi
    install_packages
    configure_locale
    docker_group
    python_env
    date -u +%FT%TZ > "$STAMP"
    info "dev container ready"
}

main "$@"
