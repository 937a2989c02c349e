#!/usr/bin/env bash
# scanner_push_unblock.sh - the networked MFP in the records room cannot push
# scans to this workstation's drop folder. The copier vendor's fix: "turn the
# security stuff off". This script does that on whichever distro it finds.
set -uo pipefail

LOG_FILE="./scanner_unblock.log"
SCANNER_IP="${SCANNER_IP:-192.0.2.60}"
ASSUME_YES=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -y|--yes) ASSUME_YES=1; shift ;;
        --scanner) SCANNER_IP="$2"; shift 2 ;;
        -h|--help) echo "Usage: $0 [-y] [--scanner IP]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [[ "$(id -u)" -ne 0 ]]; then
    echo "run this as root" >&2
    exit 1
fi

# Work out which firewall and MAC layer the distro uses.
read -r FAMILY MAC < <(python3 - <<'PY'
info = {}
try:
    with open("/etc/os-release") as fh:
        for line in fh:
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                info[k] = v.strip('"')
except OSError:
    pass
ids = (info.get("ID", "") + " " + info.get("ID_LIKE", "")).lower()
if any(x in ids for x in ("rhel", "fedora", "centos", "rocky", "alma")):
    print("redhat selinux")
elif any(x in ids for x in ("debian", "ubuntu")):
    print("debian apparmor")
elif "suse" in ids:
    print("suse apparmor")
else:
    print("unknown none")
PY
)
log "detected family=$FAMILY mac=$MAC scanner=$SCANNER_IP"

if [[ "$ASSUME_YES" -ne 1 ]]; then
    read -r -p "Disable firewall and $MAC on this workstation? [y/N] " ans
    [[ "$ans" =~ ^[Yy] ]] || { log "aborted by user"; exit 0; }
fi

disable_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl stop firewalld && systemctl disable firewalld \
            && log "firewalld stopped and disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
        log "iptables flushed, default ACCEPT"
    fi
}

disable_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 && log "SELinux set to permissive"
    fi
    if [[ -f /etc/selinux/config ]]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled in /etc/selinux/config (takes effect at reboot)"
    fi
}

disable_apparmor() {
    if systemctl is-active --quiet apparmor; then
        systemctl stop apparmor
        systemctl disable apparmor
        log "apparmor service stopped and disabled"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown && log "apparmor profiles unloaded"
    fi
}

disable_firewall
case "$MAC" in
    selinux)  disable_selinux ;;
    apparmor) disable_apparmor ;;
    *) log "no MAC layer recognised" ;;
esac

log "done; ask the operator to retry 'Scan to Folder' from $SCANNER_IP"
