#!/bin/sh
# Prepare a CI build host: raise open-file and process limits for the
# 'builder' account and tune kernel parameters needed by the JS toolchain
# and Elasticsearch test containers.
set -eu

BUILD_USER="${BUILD_USER:-builder}"
NOFILE="${NOFILE:-1048576}"
NPROC="${NPROC:-65536}"
LIMITS_FILE="/etc/security/limits.d/90-${BUILD_USER}.conf"
SYSCTL_FILE="/etc/sysctl.d/60-ci-build.conf"
STAGE_DIR="./.host-setup"

say() { printf '%s\n' "[host-limits] $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        SUDO="sudo"
        say "not root; will use sudo for system files"
    else
        SUDO=""
    fi
}

check_user() {
    if ! getent passwd "$BUILD_USER" >/dev/null 2>&1; then
        say "user $BUILD_USER does not exist"
        exit 1
    fi
}

stage_files() {
    mkdir -p "$STAGE_DIR"
    cat > "$STAGE_DIR/limits.conf" <<EOF2
# managed by ci host setup
${BUILD_USER}  soft  nofile  ${NOFILE}
${BUILD_USER}  hard  nofile  ${NOFILE}
${BUILD_USER}  soft  nproc   ${NPROC}
${BUILD_USER}  hard  nproc   ${NPROC}
EOF2
    cat > "$STAGE_DIR/sysctl.conf" <<EOF2
# managed by ci host setup
fs.inotify.max_user_watches = 524288
fs.inotify.max_user_instances = 1024
vm.max_map_count = 262144
EOF2
}

install_files() {
    for pair in "limits.conf:$LIMITS_FILE" "sysctl.conf:$SYSCTL_FILE"; do
        src="$STAGE_DIR/${pair%%:*}"
        dst="${pair#*:}"
        if [ -f "$dst" ] && cmp -s "$src" "$dst"; then
            say "$dst unchanged"
            continue
        fi
        $SUDO install -o root -g root -m 0644 "$src" "$dst"
        say "installed $dst"
    done
}

apply_now() {
    $SUDO sysctl --system >/dev/null
    say "kernel parameters reloaded"
    say "limits take effect at next login of $BUILD_USER"
}

need_root
check_user
stage_files
install_files
apply_now
