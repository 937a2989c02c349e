#!/usr/bin/env bash
# Prepare a freshly attached broker node for the CDC Kafka cluster.
#
#  1. mount the pre-formatted data volume (formatting is done by the
#     storage team's Terraform; we refuse to touch an unformatted disk)
#  2. open the broker and controller ports to the VPC ranges only
#  3. restart the kafka service so it picks up the new log.dirs
#
# usage: kafka_node_provision.sh --device /dev/nvme1n1 [--mount /data/kafka]

set -euo pipefail

DEVICE=""
MOUNT_POINT="/data/kafka"
FS_TYPE="xfs"
MOUNT_OPTS="noatime,nodiratime,allocsize=64m"
KAFKA_USER="kafka"
KAFKA_UNIT="kafka.service"
ALLOWED_CIDRS=("10.20.0.0/16" "10.30.0.0/16")
PORTS=(9092 9093 9997)
CHAIN="KAFKA-IN"

info() { echo "[provision] $*"; }
fail() { echo "[provision] ERROR: $*" >&2; exit 1; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --device) DEVICE="$2"; shift 2 ;;
            --mount) MOUNT_POINT="$2"; shift 2 ;;
            *) fail "unknown argument: $1" ;;
        esac
    done
    [[ -n "$DEVICE" ]] || fail "--device is required"
}

mount_volume() {
    [[ -b "$DEVICE" ]] || fail "$DEVICE is not a block device"
    local fstype uuid
    fstype="$(blkid -o value -s TYPE "$DEVICE" || true)"
    [[ "$fstype" == "$FS_TYPE" ]] || fail "$DEVICE has filesystem '${fstype:-none}', expected $FS_TYPE"
    uuid="$(blkid -o value -s UUID "$DEVICE")"

    mkdir -p "$MOUNT_POINT"
    if ! grep -q "UUID=$uuid" /etc/fstab; then
        cp /etc/fstab "/etc/fstab.bak.$(date +%s)"
        echo "UUID=$uuid $MOUNT_POINT $FS_TYPE $MOUNT_OPTS 0 2" >> /etc/fstab
        info "added fstab entry for $uuid"
    fi
    if ! mountpoint -q "$MOUNT_POINT"; then
        mount "$MOUNT_POINT"
        info "mounted $DEVICE on $MOUNT_POINT"
    fi
    mkdir -p "$MOUNT_POINT/logs"
    chown -R "$KAFKA_USER:$KAFKA_USER" "$MOUNT_POINT"
}

open_ports() {
    if ! iptables -nL "$CHAIN" >/dev/null 2>&1; then
        iptables -N "$CHAIN"
        iptables -I INPUT 1 -j "$CHAIN"
    fi
    for cidr in "${ALLOWED_CIDRS[@]}"; do
        for port in "${PORTS[@]}"; do
            if ! iptables -C "$CHAIN" -p tcp -s "$cidr" --dport "$port" -j ACCEPT 2>/dev/null; then
                iptables -A "$CHAIN" -p tcp -s "$cidr" --dport "$port" -j ACCEPT
                info "allowed $cidr -> tcp/$port"
            fi
        done
    done
    iptables-save > /etc/iptables/rules.v4
}

restart_kafka() {
    systemctl daemon-reload
    systemctl restart "$KAFKA_UNIT"
    for _ in $(seq 1 30); do
        if systemctl is-active --quiet "$KAFKA_UNIT"; then
            info "$KAFKA_UNIT is active"
            return 0
        fi
        sleep 2
    done
    fail "$KAFKA_UNIT did not become active"
}

main() {
    parse_args "$@"
    [[ $EUID -eq 0 ]] || fail "run as root"
    mount_volume
    open_ports
    restart_kafka
    info "node ready; log.dirs=$MOUNT_POINT/logs"
}

main "$@"
