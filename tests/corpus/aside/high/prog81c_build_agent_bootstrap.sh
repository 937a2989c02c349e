#!/bin/sh
# Bootstrap a fresh Linux box into a build farm agent.
#
# Installs the cross toolchain and packaging tools, lets the build user talk
# to the container runtime, raises the open-file and core limits that the
# engine's UnrealBuildTool/linker need, and prepares the workspace.
#
#   sh build_agent_bootstrap.sh [--user builder] [--skip-packages]

set -eu

BUILD_USER="${SUDO_USER:-$(id -un)}"
SKIP_PACKAGES=0
WORKSPACE="$(pwd)/farm-workspace"
LOG="$(pwd)/bootstrap.log"

while [ $# -gt 0 ]; do
    case "$1" in
        --user) BUILD_USER="$2"; shift 2 ;;
        --skip-packages) SKIP_PACKAGES=1; shift ;;
        --workspace) WORKSPACE="$2"; shift 2 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

info() { echo "[bootstrap] $*" | tee -a "$LOG"; }
fail() { echo "[bootstrap] FAILED: $*" | tee -a "$LOG" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    command -v sudo >/dev/null 2>&1 || fail "need root or sudo"
    AS_ROOT="sudo"
fi

detect_pm() {
    . /etc/os-release
    case "${ID_LIKE:-$ID}" in
        *debian*|*ubuntu*) echo apt ;;
        *rhel*|*fedora*|*centos*) echo dnf ;;
        *) fail "unsupported distribution: $ID" ;;
    esac
}

install_packages() {
    pm="$(detect_pm)"
    info "installing toolchain with $pm"
    case "$pm" in
        apt)
            $AS_ROOT apt-get update -qq
            DEBIAN_FRONTEND=noninteractive $AS_ROOT apt-get install -y -qq \
                build-essential clang lld cmake ninja-build git git-lfs \
                p7zip-full zip jq curl python3-venv docker.io >>"$LOG" 2>&1
            ;;
        dnf)
            $AS_ROOT dnf install -y -q clang lld cmake ninja-build git git-lfs \
                p7zip zip jq curl python3 moby-engine >>"$LOG" 2>&1
            ;;
    esac
}

grant_container_access() {
    if id -nG "$BUILD_USER" | tr ' ' '\n' | grep -qx docker; then
        info "$BUILD_USER already in docker group"
        return
    fi
    $AS_ROOT usermod -aG docker "$BUILD_USER"
    info "added $BUILD_USER to docker group (re-login required)"
}

raise_limits() {
    limits_file=/etc/security/limits.d/90-build-agent.conf
    info "writing $limits_file"
    $AS_ROOT tee "$limits_file" >/dev/null <<EOF
# build farm agent: UBT opens many files, keep cores for crash triage
$BUILD_USER  soft  nofile  65536
$BUILD_USER  hard  nofile  131072
$BUILD_USER  soft  core    unlimited
$BUILD_USER  hard  core    unlimited
EOF
    # lld on large monolithic targets runs out of mappings at the default
    $AS_ROOT sysctl -w vm.max_map_count=1048576 >>"$LOG"
}

prepare_workspace() {
    mkdir -p "$WORKSPACE/logs" "$WORKSPACE/cache" "$WORKSPACE/artifacts"
    git lfs install --skip-repo >>"$LOG" 2>&1 || true
    cat >"$WORKSPACE/agent.conf" <<EOF
COORDINATOR="https://farm.buildgrid.example"
WORKSPACE="$WORKSPACE"
AGENT_POOL="linux-$(uname -m)"
EOF
    info "workspace ready at $WORKSPACE"
}

verify() {
    for t in clang cmake ninja git jq; do
        command -v "$t" >/dev/null 2>&1 || fail "$t not on PATH after install"
    done
    info "clang $(clang --version | head -n1 | awk '{print $NF}')"
}

: >"$LOG"
info "bootstrapping $(hostname) for user $BUILD_USER"
[ "$SKIP_PACKAGES" -eq 1 ] || install_packages
grant_container_access
raise_limits
prepare_workspace
verify
info "done"
