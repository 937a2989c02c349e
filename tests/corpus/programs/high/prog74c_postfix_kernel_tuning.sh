#!/bin/sh
# postfix_kernel_tuning.sh - kernel and limits settings for high-volume
# outbound MTAs (bulk newsletter relays, ~2M msgs/day).
#
# Writes a sysctl drop-in and a limits file, applies them, and raises the
# postfix service's file descriptor limit through a systemd override.
# Values can be overridden from ./mta-tuning.conf (shell KEY=VALUE).
#
# usage: postfix_kernel_tuning.sh [--check]

set -eu

SYSCTL_FILE=/etc/sysctl.d/60-mta-tuning.conf
LIMITS_FILE=/etc/security/limits.d/60-postfix.conf
OVERRIDE_DIR=/etc/systemd/system/postfix@-.service.d
LOCAL_CONF=./mta-tuning.conf

SOMAXCONN=4096
SYN_BACKLOG=8192
PORT_RANGE="10240 65000"
FIN_TIMEOUT=15
TW_REUSE=1
NOFILE=65536

[ -r "$LOCAL_CONF" ] && . "$LOCAL_CONF"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

info() { echo ">> $*"; }

render_sysctl() {
    cat <<EOF
# managed by postfix_kernel_tuning.sh - local changes will be overwritten
net.core.somaxconn = $SOMAXCONN
net.ipv4.tcp_max_syn_backlog = $SYN_BACKLOG
net.ipv4.ip_local_port_range = $PORT_RANGE
net.ipv4.tcp_fin_timeout = $FIN_TIMEOUT
net.ipv4.tcp_tw_reuse = $TW_REUSE
fs.file-max = $((NOFILE * 16))
EOF
}

render_limits() {
    cat <<EOF
# managed by postfix_kernel_tuning.sh
postfix soft nofile $NOFILE
postfix hard nofile $NOFILE
EOF
}

render_override() {
    cat <<EOF
[Service]
LimitNOFILE=$NOFILE
EOF
}

check_only() {
    for key in net.core.somaxconn net.ipv4.tcp_max_syn_backlog \
               net.ipv4.ip_local_port_range net.ipv4.tcp_fin_timeout net.ipv4.tcp_tw_reuse; do
        printf '%-34s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
    done
    printf '%-34s %s\n' "postfix default_process_limit" "$(postconf -h default_process_limit 2>/dev/null || echo '?')"
}

install_file() {
    dest=$1
    tmp=$(mktemp)
    cat > "$tmp"
    if [ -f "$dest" ] && cmp -s "$tmp" "$dest"; then
        info "$dest unchanged"
        rm -f "$tmp"
        return 1
    fi
    $SUDO install -D -m 0644 -o root -g root "$tmp" "$dest"
    rm -f "$tmp"
    info "wrote $dest"
    return 0
}

if [ "${1:-}" = "--check" ]; then
    check_only
    exit 0
fi

changed_sysctl=0
changed_unit=0
render_sysctl | install_file "$SYSCTL_FILE" && changed_sysctl=1
render_limits | install_file "$LIMITS_FILE" || true
render_override | install_file "$OVERRIDE_DIR/limits.conf" && changed_unit=1

if [ "$changed_sysctl" -eq 1 ]; then
    $SUDO sysctl -q --load="$SYSCTL_FILE"
    info "sysctl settings applied"
fi

if [ "$changed_unit" -eq 1 ]; then
    $SUDO systemctl daemon-reload
    $SUDO systemctl restart postfix
    info "postfix restarted with LimitNOFILE=$NOFILE"
fi

check_only
