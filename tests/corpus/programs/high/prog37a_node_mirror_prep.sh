#!/bin/sh
# node-prep: privileged DaemonSet entrypoint (runs via nsenter on the host)
# that points containerd at the in-cluster pull-through registry mirror and
# makes sure the kernel bits kube-proxy/IPVS needs are present.
#
# Environment:
#   MIRROR_ENDPOINT   e.g. http://10.96.0.50:5000 (required)
#   MIRROR_REGISTRIES space separated upstreams (default: docker.io ghcr.io quay.io)
#   RESTART_CONTAINERD  1 to restart containerd when config changed (default 1)
set -eu

MIRROR_ENDPOINT="${MIRROR_ENDPOINT:?MIRROR_ENDPOINT must be set}"
MIRROR_REGISTRIES="${MIRROR_REGISTRIES:-docker.io ghcr.io quay.io}"
RESTART_CONTAINERD="${RESTART_CONTAINERD:-1}"
CERTS_D="/etc/containerd/certs.d"
CONTAINERD_TOML="/etc/containerd/config.toml"
KERNEL_MODULES="overlay br_netfilter ip_vs ip_vs_rr ip_vs_wrr ip_vs_sh nf_conntrack"

changed=0

say() { echo "node-prep[$(hostname)]: $*"; }

load_modules() {
    for mod in $KERNEL_MODULES; do
        if grep -q "^${mod} " /proc/modules 2>/dev/null; then
            continue
        fi
        if modprobe "$mod"; then
            say "loaded module $mod"
        else
            say "warning: could not load $mod"
        fi
    done
}

tune_kernel() {
    sysctl -w net.bridge.bridge-nf-call-iptables=1 >/dev/null
    sysctl -w net.bridge.bridge-nf-call-ip6tables=1 >/dev/null
    sysctl -w net.ipv4.ip_forward=1 >/dev/null
    sysctl -w fs.inotify.max_user_instances=8192 >/dev/null
    say "kernel parameters applied"
}

upstream_url() {
    case "$1" in
        docker.io) echo "https://registry-1.docker.io" ;;
        *)         echo "https://$1" ;;
    esac
}

write_hosts_toml() {
    registry="$1"
    dir="$CERTS_D/$registry"
    target="$dir/hosts.toml"
    tmp="$dir/.hosts.toml.$$"
    mkdir -p "$dir"
    cat > "$tmp" <<EOF
# managed by node-prep, do not edit
server = "$(upstream_url "$registry")"

[host."${MIRROR_ENDPOINT}"]
  capabilities = ["pull", "resolve"]
  skip_verify = false
EOF
    if [ -f "$target" ] && cmp -s "$tmp" "$target"; then
        rm -f "$tmp"
        return 0
    fi
    mv -f "$tmp" "$target"
    chmod 0644 "$target"
    say "mirror configured for $registry"
    changed=1
}

ensure_config_path() {
    if ! grep -q 'config_path *= *"/etc/containerd/certs.d"' "$CONTAINERD_TOML" 2>/dev/null; then
        cp -p "$CONTAINERD_TOML" "$CONTAINERD_TOML.bak.$(date +%s)" 2>/dev/null || true
        sed -i 's|^\( *\)config_path *=.*|\1config_path = "/etc/containerd/certs.d"|' "$CONTAINERD_TOML"
        grep -q 'config_path = "/etc/containerd/certs.d"' "$CONTAINERD_TOML" || {
            printf '\n[plugins."io.containerd.grpc.v1.cri".registry]\n  config_path = "%s"\n' "$CERTS_D" >> "$CONTAINERD_TOML"
        }
        say "registry config_path enabled in $CONTAINERD_TOML"
        changed=1
    fi
}

restart_runtime() {
    if [ "$changed" -eq 1 ] && [ "$RESTART_CONTAINERD" = "1" ]; then
        say "restarting containerd"
        systemctl restart containerd
        systemctl is-active --quiet containerd && say "containerd is active"
    else
        say "no runtime restart needed"
    fi
}

load_modules
tune_kernel
for r in $MIRROR_REGISTRIES; do
    write_hosts_toml "$r"
done
ensure_config_path
restart_runtime

# keep the pod alive so the DaemonSet stays Ready; re-run happens on rollout
say "done; sleeping"
exec sleep infinity
