#!/usr/bin/env bash
# Point the lift control workstations at the resort's GPS time servers so
# that drive logs and turnstile logs line up for incident investigations.
set -euo pipefail

TIME_SERVERS=(192.0.2.10 192.0.2.11 "${EXTRA_NTP:-ntp.resort.example.com}")
CONF_DIR="/etc/chrony"
CONF="$CONF_DIR/chrony.conf"
BACKUP_DIR="${BACKUP_DIR:-$HOME/chrony-backups}"
ELEVATE=(sudo)

svc() {
    local ctl
    ctl="system$(printf 'ctl')"
    "${ELEVATE[@]}" "$ctl" "$@"
}

render_conf() {
    local s
    for s in "${TIME_SERVERS[@]}"; do
        printf 'server %s iburst\n' "$s"
    done
    cat <<'CONF'
driftfile /var/lib/chrony/chrony.drift
makestep 1.0 3
rtcsync
logdir /var/log/chrony
log measurements statistics tracking
CONF
}

backup_conf() {
    mkdir -p "$BACKUP_DIR"
    if [[ -r "$CONF" ]]; then
        cp "$CONF" "$BACKUP_DIR/chrony.conf.$(date +%Y%m%d%H%M%S)"
    fi
}

install_conf() {
    local staged
    staged="$(mktemp)"
    render_conf > "$staged"
    if [[ -r "$CONF" ]] && cmp -s "$staged" "$CONF"; then
        echo "chrony.conf unchanged"
        rm -f "$staged"
        return 1
    fi
    "${ELEVATE[@]}" install -m 0644 -o root -g root "$staged" "$CONF"
    rm -f "$staged"
    return 0
}

main() {
    command -v chronyc >/dev/null || { echo "chrony not installed" >&2; exit 1; }
    backup_conf
    if install_conf; then
        svc restart chrony
        sleep 2
    fi
    chronyc -n sources
    chronyc tracking | grep -E 'Reference|System time'
}

main "$@"
