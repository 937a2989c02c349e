#!/bin/sh
# Prepare a fresh VM for the websocket gateway (uvicorn + uvloop, ~200k
# concurrent sockets). Applies kernel and limit settings the load tests showed
# we need. Idempotent; run once after provisioning.
set -eu

PROFILE="${1:-standard}"
SVC_USER="${SVC_USER:-wsgw}"
LIMITS_FILE="/etc/security/limits.d/90-wsgw.conf"
SYSCTL_FILE="/etc/sysctl.d/60-wsgw.conf"

say() { echo "[tune] $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        say "re-executing with sudo"
        exec sudo -E "$0" "$@"
    fi
}

pick_profile() {
    case "$PROFILE" in
        standard) SOMAXCONN=8192;  FILEMAX=1048576; NOFILE=262144 ;;
        large)    SOMAXCONN=32768; FILEMAX=4194304; NOFILE=1048576 ;;
        *) say "unknown profile $PROFILE"; exit 2 ;;
    esac
}

write_sysctl() {
    say "writing $SYSCTL_FILE"
    cat >"$SYSCTL_FILE" <<EOF
# managed by ws-gateway tuning script
net.core.somaxconn = $SOMAXCONN
net.ipv4.tcp_max_syn_backlog = $SOMAXCONN
net.ipv4.ip_local_port_range = 10240 65000
net.ipv4.tcp_fin_timeout = 15
net.core.default_qdisc = fq
net.ipv4.tcp_congestion_control = bbr
fs.file-max = $FILEMAX
EOF
    chmod 0644 "$SYSCTL_FILE"
}

load_bbr() {
    if ! lsmod | grep -q '^tcp_bbr'; then
        say "loading tcp_bbr"
        modprobe tcp_bbr
    fi
}

apply_sysctl() {
    say "applying kernel parameters"
    sysctl --load="$SYSCTL_FILE" >/dev/null
    sysctl -n net.core.somaxconn
}

write_limits() {
    say "raising nofile for $SVC_USER to $NOFILE"
    {
        echo "$SVC_USER soft nofile $NOFILE"
        echo "$SVC_USER hard nofile $NOFILE"
    } >"$LIMITS_FILE"
}

verify() {
    cur=$(sysctl -n net.ipv4.tcp_congestion_control)
    if [ "$cur" != "bbr" ]; then
        say "warning: congestion control is $cur, expected bbr"
        return 1
    fi
    say "ok: somaxconn=$(sysctl -n net.core.somaxconn) cc=$cur"
}

need_root "$@"
pick_profile
write_sysctl
load_bbr
apply_sysctl
write_limits
verify || true
say "done; restart the gateway for the new limits to apply"
