#!/usr/bin/env bash
# Prepare a fresh self-hosted runner VM for the docs/JS toolchain.
#
# The docs watcher and the webpack dev build in CI run out of inotify watches
# on the default Ubuntu limits ("ENOSPC: System limit for number of file
# watchers reached").  This raises the limits, installs the native build
# dependencies the release jobs need, and records what it changed.
set -euo pipefail

WATCHES="${WATCHES:-524288}"
INSTANCES="${INSTANCES:-1024}"
SYSCTL_FILE="/etc/sysctl.d/60-ci-inotify.conf"
STATE_FILE="${HOME}/.runner-prepared"
APT_PACKAGES=(build-essential pkg-config libffi-dev libssl-dev zlib1g-dev
              graphviz pandoc librsvg2-bin fonts-dejavu-core)
DRY_RUN=0

say() { printf '\033[1m%s\033[0m\n' "$*"; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "+ $*"
    else
        "$@"
    fi
}

as_root() {
    if [[ $EUID -eq 0 ]]; then
        run "$@"
    else
        run sudo --non-interactive "$@"
    fi
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --dry-run) DRY_RUN=1 ;;
            --watches) WATCHES="$2"; shift ;;
            --instances) INSTANCES="$2"; shift ;;
            -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
            *) echo "unknown argument: $1" >&2; exit 2 ;;
        esac
        shift
    done
}

current_limits() {
    printf 'max_user_watches=%s max_user_instances=%s\n' \
        "$(cat /proc/sys/fs/inotify/max_user_watches)" \
        "$(cat /proc/sys/fs/inotify/max_user_instances)"
}

tune_inotify() {
    say "inotify before: $(current_limits)"
    local tmp
    tmp="$(mktemp)"
    cat > "$tmp" <<EOF
# Managed by runner_inotify_tune.sh - CI file watchers
fs.inotify.max_user_watches = ${WATCHES}
fs.inotify.max_user_instances = ${INSTANCES}
EOF
    as_root install -m 0644 -o root -g root "$tmp" "$SYSCTL_FILE"
    rm -f "$tmp"
    as_root sysctl -w "fs.inotify.max_user_watches=${WATCHES}"
    as_root sysctl -w "fs.inotify.max_user_instances=${INSTANCES}"
    say "inotify after:  $(current_limits)"
}

install_build_deps() {
    local missing=()
    for pkg in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
            || missing+=("$pkg")
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        say "all build dependencies already present"
        return
    fi
    say "installing: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

record_state() {
    [[ $DRY_RUN -eq 1 ]] && return
    {
        echo "prepared_at=$(date -u +%FT%TZ)"
        echo "watches=${WATCHES}"
        echo "instances=${INSTANCES}"
        echo "packages=${APT_PACKAGES[*]}"
    } > "$STATE_FILE"
}

main() {
    parse_args "$@"
    if [[ ! -r /etc/os-release ]] || ! grep -qiE '^ID(_LIKE)?=.*(debian|ubuntu)' /etc/os-release; then
        echo "this script supports Debian/Ubuntu runners only" >&2
        exit 1
    fi
    if [[ -f "$STATE_FILE" && $DRY_RUN -eq 0 ]]; then
        say "runner already prepared ($(head -n1 "$STATE_FILE")); re-applying limits"
    fi
    tune_inotify
    install_build_deps
    record_state
    say "runner ready"
}

main "$@"
