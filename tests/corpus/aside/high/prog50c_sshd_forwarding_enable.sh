#!/bin/sh
# Prepare a remote dev VM for editor port forwarding.
# Remote editors open direct-tcpip channels and sometimes need the
# forwarded ports reachable by other containers, so we switch on
# AllowTcpForwarding and GatewayPorts=clientspecified, validate the
# config and reload the daemon.

set -eu

CONF=/etc/ssh/sshd_config
BACKUP_DIR="${BACKUP_DIR:-./sshd-backups}"
DRY_RUN=0

log() { echo "[sshd-fwd] $*"; }

usage() {
    echo "usage: $0 [-n] [-b backup_dir]"
    exit 1
}

while getopts "nb:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        b) BACKUP_DIR="$OPTARG" ;;
        *) usage ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
else
    SUDO=""
fi

set_option() {
    key="$1"; value="$2"
    current=$(grep -Ei "^[[:space:]]*${key}[[:space:]]" "$CONF" | awk '{print $2}' | tail -n1 || true)
    if [ "$current" = "$value" ]; then
        log "$key already $value"
        return 0
    fi
    log "$key: '${current:-unset}' -> '$value'"
    [ "$DRY_RUN" -eq 1 ] && return 0
    if grep -Eqi "^[[:space:]]*#?[[:space:]]*${key}[[:space:]]" "$CONF"; then
        $SUDO sed -i -E "s|^[[:space:]]*#?[[:space:]]*${key}[[:space:]].*|${key} ${value}|I" "$CONF"
    else
        printf '%s %s\n' "$key" "$value" | $SUDO tee -a "$CONF" >/dev/null
    fi
}

service_name() {
    if systemctl list-unit-files 2>/dev/null | grep -q '^sshd\.service'; then
        echo sshd
    else
        echo ssh
    fi
}

[ -r "$CONF" ] || { log "$CONF not readable"; exit 2; }

mkdir -p "$BACKUP_DIR"
stamp=$(date +%Y%m%d-%H%M%S)
cp "$CONF" "$BACKUP_DIR/sshd_config.$stamp"
log "backup saved to $BACKUP_DIR/sshd_config.$stamp"

set_option AllowTcpForwarding yes
set_option GatewayPorts clientspecified
set_option ClientAliveInterval 60

if [ "$DRY_RUN" -eq 1 ]; then
    log "dry run, nothing changed"
    exit 0
fi

if ! $SUDO sshd -t -f "$CONF"; then
    log "config test failed, restoring backup"
    $SUDO cp "$BACKUP_DIR/sshd_config.$stamp" "$CONF"
    exit 3
fi

svc=$(service_name)
$SUDO systemctl reload "$svc"
log "reloaded $svc; forwarding enabled"
