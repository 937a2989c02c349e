#!/usr/bin/env bash
# Prepare a fresh VM to act as a remote BuildKit worker for the CI fleet.
#  - loads kernel modules needed by overlayfs snapshotter and CNI networking
#  - raises user-namespace / inotify limits for rootless builds
#  - opens the buildkitd gRPC port to the CI subnet only
#  - restarts buildkitd so it picks up the new limits
set -euo pipefail

CI_SUBNET="${CI_SUBNET:-10.40.0.0/16}"
BUILDKIT_PORT="${BUILDKIT_PORT:-1234}"
MODULES=(overlay br_netfilter)
declare -A LIMITS=(
    [user.max_user_namespaces]=28633
    [fs.inotify.max_user_watches]=524288
    [fs.inotify.max_user_instances]=8192
    [net.ipv4.ip_forward]=1
)

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    $SUDO -v || { echo "need sudo rights" >&2; exit 1; }
fi

step() { printf '\n==> %s\n' "$*"; }

load_modules() {
    for mod in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$mod"; then
            echo "module $mod already loaded"
        else
            $SUDO modprobe "$mod"
            echo "loaded $mod"
        fi
    done
}

apply_limits() {
    local key current
    for key in "${!LIMITS[@]}"; do
        current="$(sysctl -n "$key" 2>/dev/null || echo unset)"
        if [[ "$current" == "${LIMITS[$key]}" ]]; then
            echo "$key = $current (ok)"
            continue
        fi
        $SUDO sysctl -w "$key=${LIMITS[$key]}"
    done
}

open_port() {
    if $SUDO iptables -C INPUT -p tcp -s "$CI_SUBNET" --dport "$BUILDKIT_PORT" -j ACCEPT 2>/dev/null; then
        echo "firewall rule already present"
        return
    fi
    $SUDO iptables -I INPUT -p tcp -s "$CI_SUBNET" --dport "$BUILDKIT_PORT" \
        -m comment --comment "buildkitd from CI" -j ACCEPT
    echo "allowed $CI_SUBNET -> :$BUILDKIT_PORT"
}

restart_buildkit() {
    if systemctl list-unit-files buildkit.service >/dev/null 2>&1; then
        $SUDO systemctl restart buildkit.service
        systemctl --no-pager --lines=5 status buildkit.service || true
    else
        echo "buildkit.service not installed; start buildkitd manually" >&2
    fi
}

step "kernel modules";   load_modules
step "sysctl limits";    apply_limits
step "firewall";         open_port
step "buildkitd";        restart_buildkit

step "done"
echo "point CI at: tcp://$(hostname -f):${BUILDKIT_PORT}"
