#!/usr/bin/env bash
# lab_image_prepare.sh - post-clone setup for computer-lab PCs (adult learning centre).
#
# Run by the technician on each PC after the Clonezilla image has been
# restored.  Names the machine from its asset tag, enables the Veyon
# classroom-management service and allows the instructor console to
# reach it from the lab subnet.
#
# usage: lab_image_prepare.sh -t ASSET_TAG [-s SUBNET] [-r ROOM]

set -Eeuo pipefail

ASSET_TAG=""
LAB_SUBNET="10.42.16.0/24"
ROOM="lab1"
VEYON_PORT=11100
LOG="./lab-prepare-$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG" >&2; }
trap 'log "failed at line $LINENO"' ERR

usage() { echo "usage: $0 -t ASSET_TAG [-s SUBNET] [-r ROOM]" >&2; exit 64; }

while getopts ":t:s:r:h" opt; do
    case "$opt" in
        t) ASSET_TAG="$OPTARG" ;;
        s) LAB_SUBNET="$OPTARG" ;;
        r) ROOM="$OPTARG" ;;
        *) usage ;;
    esac
done
[ -n "$ASSET_TAG" ] || usage

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
    $SUDO -v || { log "need sudo rights"; exit 1; }
fi

set_hostname() {
    local name
    name="$(echo "${ROOM}-${ASSET_TAG}" | tr '[:upper:]' '[:lower:]' | tr -c 'a-z0-9-\n' '-')"
    if [ "$(hostname)" != "$name" ]; then
        $SUDO hostnamectl set-hostname "$name"
        log "hostname set to $name"
    fi
}

enable_veyon() {
    if ! systemctl list-unit-files veyon.service >/dev/null 2>&1; then
        log "veyon.service not installed on this image"
        return 1
    fi
    $SUDO systemctl enable --now veyon.service
    log "veyon service enabled"
}

allow_console() {
    if $SUDO iptables -C INPUT -p tcp -s "$LAB_SUBNET" --dport "$VEYON_PORT" -j ACCEPT 2>/dev/null; then
        log "console rule already present"
    else
        $SUDO iptables -I INPUT 1 -p tcp -s "$LAB_SUBNET" --dport "$VEYON_PORT" \
            -m comment --comment "veyon-console" -j ACCEPT
        log "allowed $LAB_SUBNET to port $VEYON_PORT"
    fi
    if [ -d /etc/iptables ]; then
        $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4'
        log "rules persisted"
    fi
}

verify() {
    local ok=0
    systemctl is-active --quiet veyon.service || { log "veyon not running"; ok=1; }
    ss -ltn "sport = :$VEYON_PORT" | grep -q LISTEN || { log "nothing listening on $VEYON_PORT"; ok=1; }
    return $ok
}

main() {
    log "preparing $ASSET_TAG in $ROOM"
    set_hostname
    enable_veyon || true
    allow_console
    if verify; then
        log "done"
    else
        log "completed with warnings, see $LOG"
        exit 2
    fi
}

main "$@"
