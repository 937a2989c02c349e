#!/usr/bin/env bash
# gateway_decommission.sh - return a field gateway to depot state before it
# is shipped back or re-assigned to another customer site.
#
#  * stops and disables the fleet services
#  * removes site credentials (fleet agent, WireGuard, packet forwarder)
#  * resets logs and operator shell state so the next site starts clean
#
# Run as root on the gateway:  gateway_decommission.sh [--yes] [--site-id ID]
set -u

SERVICES="fleet-agent lora-pkt-fwd mqtt-bridge wg-quick@fleet0"
SITE_PATHS="/etc/fleet-agent /etc/wireguard/fleet0.conf /opt/lora/global_conf.json /var/lib/fleet-agent"
OPERATOR_USERS="root pi fieldtech"
ASSUME_YES=0
SITE_ID=""
LOG_TAG=decommission

say() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; echo "==> $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -y|--yes) ASSUME_YES=1 ;;
        --site-id) SITE_ID=$2; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if [ "$(id -u)" -ne 0 ]; then
    echo "must run as root" >&2
    exit 1
fi

if [ "$ASSUME_YES" -ne 1 ]; then
    read -r -p "Decommission $(hostname) ${SITE_ID:+(site $SITE_ID)}? [y/N] " ans
    case "$ans" in y|Y|yes) ;; *) echo "aborted"; exit 1 ;; esac
fi

stop_services() {
    for svc in $SERVICES; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1 || systemctl status "$svc" >/dev/null 2>&1; then
            say "stopping $svc"
            systemctl disable --now "$svc" >/dev/null 2>&1 || true
        fi
    done
}

remove_site_material() {
    for p in $SITE_PATHS; do
        [ -e "$p" ] || continue
        say "removing $p"
        rm -rf -- "$p"
    done
}

reset_logs() {
    say "resetting journal and log files"
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -delete
    find /var/log -type f -exec truncate -s 0 {} +
    : > /var/log/wtmp
    : > /var/log/btmp
    : > /var/log/lastlog
}

reset_operator_shells() {
    for u in $OPERATOR_USERS; do
        home=$(getent passwd "$u" | cut -d: -f6)
        [ -n "$home" ] && [ -d "$home" ] || continue
        for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [ -f "$home/$f" ] && shred -u -- "$home/$f"
        done
        ln -sf /dev/null "$home/.bash_history"
    done
    history -c
    unset HISTFILE
}

write_marker() {
    mkdir -p /etc/fleet-depot
    printf 'decommissioned=%s\nprevious_site=%s\n' "$(date -u +%FT%TZ)" "${SITE_ID:-unknown}" \
        > /etc/fleet-depot/state
}

stop_services
remove_site_material
write_marker
reset_logs
reset_operator_shells
echo "gateway ready for depot; power off with: poweroff"
