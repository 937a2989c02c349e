#!/bin/sh
# grading_host_tuning.sh - apply kernel and PAM limits for the exam-week
# autograder fleet.  Many concurrent pytest runs exhaust inotify watches and
# process limits; this installs persistent settings and reloads them.
#
# usage: sudo ./grading_host_tuning.sh [--check]

set -eu

SYSCTL_FILE=/etc/sysctl.d/60-autograder.conf
LIMITS_FILE=/etc/security/limits.d/60-autograder.conf
GRADER_GROUP=autograde
CHECK_ONLY=0

info() { echo "[tuning] $*"; }

[ "${1:-}" = "--check" ] && CHECK_ONLY=1

if [ "$(id -u)" -ne 0 ]; then
    info "re-running with sudo"
    exec sudo -- "$0" "$@"
fi

show_current() {
    for key in fs.inotify.max_user_watches fs.inotify.max_user_instances \
               kernel.pid_max vm.max_map_count; do
        printf '  %-32s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
    done
}

write_sysctl() {
    cat > "$SYSCTL_FILE" <<'EOF'
# Managed by grading_host_tuning.sh - autograder fleet
fs.inotify.max_user_watches = 524288
fs.inotify.max_user_instances = 1024
kernel.pid_max = 4194304
vm.max_map_count = 262144
EOF
    chmod 0644 "$SYSCTL_FILE"
    info "wrote $SYSCTL_FILE"
}

write_limits() {
    cat > "$LIMITS_FILE" <<EOF
# Managed by grading_host_tuning.sh
@${GRADER_GROUP}    soft    nproc     256
@${GRADER_GROUP}    hard    nproc     512
@${GRADER_GROUP}    soft    nofile    4096
@${GRADER_GROUP}    hard    nofile    8192
@${GRADER_GROUP}    hard    cpu       10
EOF
    chmod 0644 "$LIMITS_FILE"
    info "wrote $LIMITS_FILE"
}

apply() {
    sysctl --load="$SYSCTL_FILE" >/dev/null
    info "sysctl values loaded"
    if systemctl is-active --quiet autograder-worker.service; then
        systemctl restart autograder-worker.service
        info "restarted autograder-worker"
    fi
}

info "current values:"
show_current

if [ "$CHECK_ONLY" -eq 1 ]; then
    exit 0
fi

if ! getent group "$GRADER_GROUP" >/dev/null 2>&1; then
    info "group $GRADER_GROUP missing; run grader_sandbox_setup.sh first"
    exit 1
fi

write_sysctl
write_limits
apply

info "new values:"
show_current
