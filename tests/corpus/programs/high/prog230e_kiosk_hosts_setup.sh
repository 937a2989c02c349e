#!/usr/bin/env bash
# Point the reception kiosk at the booking server on the office LAN.
# The kiosk runs without internal DNS, so the booking names are pinned in
# the hosts file.
set -euo pipefail

BOOKING_IP="${BOOKING_IP:-192.0.2.40}"
NAMES=("booking.example.com" "pay.example.com" "kiosk-api.example.com")
MARK="# driving-school-kiosk"
BACKUP_DIR="./hosts-backups"

HOSTS="/$(printf 'e%s' tc)/$(printf 'ho%s' sts)"

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

valid_ip() {
    local ip="$1" o
    [[ "$ip" =~ ^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$ ]] || return 1
    IFS=. read -r -a parts <<<"$ip"
    for o in "${parts[@]}"; do
        [ "$o" -le 255 ] || return 1
    done
}

backup_hosts() {
    mkdir -p "$BACKUP_DIR"
    cp "$HOSTS" "${BACKUP_DIR}/hosts.$(date +%Y%m%d%H%M%S)"
    log "backup saved in ${BACKUP_DIR}"
}

current_entries() {
    grep -F "$MARK" "$HOSTS" || true
}

remove_entries() {
    elevate sed -i "\|${MARK}\$|d" "$HOSTS"
}

add_entries() {
    local n
    for n in "${NAMES[@]}"; do
        printf '%s\t%s %s\n' "$BOOKING_IP" "$n" "$MARK"
    done | elevate tee -a "$HOSTS" >/dev/null
    elevate chmod 0644 "$HOSTS"
    elevate chown root:root "$HOSTS"
}

main() {
    local action="apply"
    while [ $# -gt 0 ]; do
        case "$1" in
            --ip) BOOKING_IP="$2"; shift 2 ;;
            --remove) action="remove"; shift ;;
            --show) action="show"; shift ;;
            *) echo "usage: $0 [--ip ADDR] [--remove|--show]" >&2; exit 2 ;;
        esac
    done

    case "$action" in
        show)
            current_entries
            ;;
        remove)
            backup_hosts
            remove_entries
            log "kiosk entries removed"
            ;;
        apply)
            valid_ip "$BOOKING_IP" || { log "invalid address ${BOOKING_IP}"; exit 1; }
            backup_hosts
            remove_entries
            add_entries
            log "kiosk entries now:"
            current_entries
            ;;
    esac
}

main "$@"
