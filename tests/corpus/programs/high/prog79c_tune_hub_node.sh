#!/usr/bin/env bash
# Kernel and limits tuning for a JupyterHub node before the start of term.
#
# Large lab sections open hundreds of kernels at once; the defaults run out
# of inotify watches (JupyterLab file browser), ephemeral ports (proxy) and
# open files. Values come from tuning.env in the current directory when it
# exists.
set -euo pipefail

[ -f ./tuning.env ] && . ./tuning.env

MAX_WATCHES="${MAX_WATCHES:-524288}"
MAX_INSTANCES="${MAX_INSTANCES:-1024}"
SOMAXCONN="${SOMAXCONN:-4096}"
PORT_RANGE="${PORT_RANGE:-15000 64000}"
NOFILE="${NOFILE:-65536}"
HUB_UNIT="${HUB_UNIT:-jupyterhub.service}"
SYSCTL_FILE=/etc/sysctl.d/60-jupyterhub.conf
LIMITS_FILE=/etc/security/limits.d/60-jupyterhub.conf
DROPIN_DIR="/etc/systemd/system/${HUB_UNIT}.d"

pick_elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        echo ""
    elif command -v doas >/dev/null 2>&1; then
        echo "doas"
    else
        echo "sudo"
    fi
}
AS_ROOT="$(pick_elevate)"

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }

write_root_file() {
    local dest="$1"
    $AS_ROOT mkdir -p "$(dirname "$dest")"
    $AS_ROOT tee "$dest" >/dev/null
    $AS_ROOT chmod 0644 "$dest"
}

apply_sysctl() {
    say "writing $SYSCTL_FILE"
    write_root_file "$SYSCTL_FILE" <<EOF
# managed by tune_hub_node.sh
fs.inotify.max_user_watches = $MAX_WATCHES
fs.inotify.max_user_instances = $MAX_INSTANCES
net.core.somaxconn = $SOMAXCONN
net.ipv4.ip_local_port_range = $PORT_RANGE
net.ipv4.tcp_tw_reuse = 1
EOF
    say "loading sysctl settings"
    $AS_ROOT sysctl -q -p "$SYSCTL_FILE"
    $AS_ROOT sysctl -w vm.max_map_count=262144 >/dev/null
}

apply_limits() {
    say "writing $LIMITS_FILE"
    write_root_file "$LIMITS_FILE" <<EOF
*    soft nofile $NOFILE
*    hard nofile $NOFILE
*    soft nproc  8192
EOF
    say "hub unit drop-in"
    write_root_file "$DROPIN_DIR/limits.conf" <<EOF
[Service]
LimitNOFILE=$NOFILE
TasksMax=infinity
EOF
}

restart_hub() {
    if ! command -v systemctl >/dev/null; then
        say "no systemd here, restart the hub yourself"
        return
    fi
    $AS_ROOT systemctl daemon-reload
    if $AS_ROOT systemctl is-active --quiet "$HUB_UNIT"; then
        say "restarting $HUB_UNIT"
        $AS_ROOT systemctl restart "$HUB_UNIT"
    fi
}

show() {
    for key in fs.inotify.max_user_watches net.core.somaxconn net.ipv4.ip_local_port_range; do
        printf '  %-34s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null)"
    done
}

case "${1:-apply}" in
    show) show ;;
    apply)
        apply_sysctl
        apply_limits
        restart_hub
        show
        ;;
    *) echo "usage: $0 [apply|show]" >&2; exit 2 ;;
esac
