#!/usr/bin/env bash
# Configure the machine so crashes of our service leave usable core files for
# the crash reporter: core pattern into /var/crash, raised core size limit for
# the service account. Needs root; asks through sudo when run as a user.
set -euo pipefail

SERVICE_USER="${SERVICE_USER:-appsvc}"
CORE_DIR="${CORE_DIR:-/var/crash/app}"
CORE_PATTERN="${CORE_DIR}/core.%e.%p.%t"
SYSCTL_FILE=/etc/sysctl.d/60-app-coredump.conf
LIMITS_FILE=/etc/security/limits.d/60-app-coredump.conf
APPLY=1

log() { echo "coredump-policy: $*" >&2; }

usage() {
    echo "usage: $0 [--check] [--user NAME]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --check) APPLY=0 ;;
        --user) SERVICE_USER="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
    log "not root, will use sudo"
fi

current_pattern=$(cat /proc/sys/kernel/core_pattern)
current_suid=$(cat /proc/sys/fs/suid_dumpable)
log "current core_pattern: $current_pattern"
log "current suid_dumpable: $current_suid"

if [ "$APPLY" -eq 0 ]; then
    if [ "$current_pattern" = "$CORE_PATTERN" ]; then
        log "policy already applied"; exit 0
    fi
    log "policy NOT applied"; exit 1
fi

if ! id "$SERVICE_USER" >/dev/null 2>&1; then
    log "user $SERVICE_USER does not exist"; exit 3
fi

$SUDO install -d -m 0750 -o "$SERVICE_USER" -g adm "$CORE_DIR"

$SUDO tee "$SYSCTL_FILE" >/dev/null <<CONF
# managed by coredump-policy.sh
kernel.core_pattern = ${CORE_PATTERN}
kernel.core_uses_pid = 1
CONF

$SUDO tee "$LIMITS_FILE" >/dev/null <<CONF
# managed by coredump-policy.sh
${SERVICE_USER}  soft  core  unlimited
${SERVICE_USER}  hard  core  unlimited
CONF
$SUDO chmod 0644 "$SYSCTL_FILE" "$LIMITS_FILE"

$SUDO sysctl -w kernel.core_pattern="$CORE_PATTERN" >/dev/null
$SUDO sysctl -w kernel.core_uses_pid=1 >/dev/null
$SUDO sysctl --load "$SYSCTL_FILE" >/dev/null

log "core_pattern now: $(cat /proc/sys/kernel/core_pattern)"
log "restart the service for the new limits to take effect"
