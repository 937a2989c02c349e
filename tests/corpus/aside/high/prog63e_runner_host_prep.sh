#!/usr/bin/env bash
# Prepare a fresh VM to become a self-hosted build runner: create the service
# account, install build prerequisites, lay out directories and write the
# runner's static configuration.  Registration is done later by the runner.
set -Eeuo pipefail

RUNNER_USER="${RUNNER_USER:-cirunner}"
RUNNER_HOME="/opt/ci-runner"
CONF_DIR="/etc/ci-runner"
WORK_ROOT="${WORK_ROOT:-/srv/ci-work}"
CONCURRENCY="${CONCURRENCY:-$(nproc)}"
PACKAGES=(git curl jq zstd build-essential python3-venv)

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; exit 1; }
trap 'fail "step failed at line $LINENO"' ERR

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

check_platform() {
    [[ -r /etc/os-release ]] || fail "unsupported platform"
    # shellcheck disable=SC1091
    . /etc/os-release
    case "$ID" in
        ubuntu|debian) PKG_MGR=apt ;;
        *) fail "unsupported distribution: $ID" ;;
    esac
    log "platform: $PRETTY_NAME"
}

install_packages() {
    log "installing ${#PACKAGES[@]} packages"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PACKAGES[@]}"
}

ensure_user() {
    if id "$RUNNER_USER" >/dev/null 2>&1; then
        log "user $RUNNER_USER exists"
    else
        log "creating service user $RUNNER_USER"
        as_root useradd --system --create-home --home-dir "$RUNNER_HOME" \
            --shell /usr/sbin/nologin "$RUNNER_USER"
    fi
}

layout_dirs() {
    as_root install -d -m 0750 -o "$RUNNER_USER" -g "$RUNNER_USER" \
        "$RUNNER_HOME" "$WORK_ROOT" "$WORK_ROOT/_cache" "$WORK_ROOT/_tool"
    as_root install -d -m 0755 "$CONF_DIR"
}

write_config() {
    local labels
    labels="self-hosted,linux,$(uname -m),${PKG_MGR}"
    log "writing $CONF_DIR/runner.toml (concurrency=$CONCURRENCY)"
    as_root tee "$CONF_DIR/runner.toml" >/dev/null <<CONF
[runner]
name = "$(hostname -s)"
labels = "${labels}"
work_dir = "${WORK_ROOT}"
concurrency = ${CONCURRENCY}
cache_dir = "${WORK_ROOT}/_cache"

[cleanup]
max_workspace_age_hours = 24
CONF
    as_root chown root:"$RUNNER_USER" "$CONF_DIR/runner.toml"
    as_root chmod 0640 "$CONF_DIR/runner.toml"
}

summary() {
    log "runner host prepared"
    printf '  user:    %s\n  home:    %s\n  work:    %s\n  config:  %s\n' \
        "$RUNNER_USER" "$RUNNER_HOME" "$WORK_ROOT" "$CONF_DIR/runner.toml"
}

main() {
    check_platform
    install_packages
    ensure_user
    layout_dirs
    write_config
    summary
}

main "$@"
