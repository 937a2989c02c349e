#!/usr/bin/env bash
# Prepare a workstation for the "Helpdesk Share" remote-control feature.
#
# Remote pointer/keyboard events are injected through /dev/uinput, which
# normally only root can open.  This script loads the uinput module, adds
# a udev rule giving the "helpdesk" group access to the device and puts
# the invoking user into that group.  It is idempotent.

set -Eeuo pipefail

GROUP="${HELPDESK_GROUP:-helpdesk}"
RULE_FILE="/etc/udev/rules.d/72-helpdesk-uinput.rules"
TARGET_USER="${SUDO_USER:-$USER}"
CHECK_ONLY=false
LOG_TAG="helpdesk-input-setup"

log() {
    echo "[$LOG_TAG] $*"
    command -v logger >/dev/null && logger -t "$LOG_TAG" -- "$*" || true
}

on_error() {
    log "failed at line $1 (exit $2)"
}
trap 'on_error $LINENO $?' ERR

need_root() {
    if [[ $EUID -ne 0 ]]; then
        log "re-running with sudo"
        exec sudo --preserve-env=HELPDESK_GROUP "$0" "$@"
    fi
}

status_report() {
    local ok=0
    if lsmod | grep -q '^uinput'; then
        log "uinput module: loaded"
    elif [[ -e /sys/module/uinput ]]; then
        log "uinput module: built in"
    else
        log "uinput module: missing"; ok=1
    fi
    if [[ -f "$RULE_FILE" ]]; then
        log "udev rule: present ($RULE_FILE)"
    else
        log "udev rule: missing"; ok=1
    fi
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "$TARGET_USER in $GROUP: yes"
    else
        log "$TARGET_USER in $GROUP: no"; ok=1
    fi
    if [[ -c /dev/uinput ]]; then
        log "device: $(stat -c '%A %U:%G' /dev/uinput)"
    fi
    return $ok
}

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=true ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown argument $arg"; exit 2 ;;
    esac
done

if $CHECK_ONLY; then
    status_report && exit 0 || exit 1
fi

need_root "$@"

if ! getent group "$GROUP" >/dev/null; then
    log "creating group $GROUP"
    groupadd --system "$GROUP"
fi

if ! lsmod | grep -q '^uinput' && [[ ! -e /sys/module/uinput ]]; then
    log "loading uinput"
    modprobe uinput
fi

desired_rule='KERNEL=="uinput", SUBSYSTEM=="misc", GROUP="'"$GROUP"'", MODE="0660", OPTIONS+="static_node=uinput"'
if [[ ! -f "$RULE_FILE" ]] || ! grep -qxF "$desired_rule" "$RULE_FILE"; then
    log "writing $RULE_FILE"
    {
        echo "# Managed by $LOG_TAG - remote input for Helpdesk Share"
        echo "$desired_rule"
    } >"$RULE_FILE"
    chmod 0644 "$RULE_FILE"
    udevadm control --reload-rules
    udevadm trigger --subsystem-match=misc --sysname-match=uinput
fi

# Apply immediately for the current boot, the rule covers future ones.
if [[ -c /dev/uinput ]]; then
    chgrp "$GROUP" /dev/uinput
    chmod 0660 /dev/uinput
fi

if [[ "$TARGET_USER" != root ]]; then
    if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "adding $TARGET_USER to $GROUP (log out and back in to apply)"
        usermod -aG "$GROUP" "$TARGET_USER"
    fi
fi

status_report || log "some checks still failing; see above"
log "done"
