#!/usr/bin/env bash
# Point the demo-observatory PC at the shop's GPS time server.
# Accurate time matters for the mount's pointing model and for timestamped
# exposures, so this configures chrony and restarts it.
set -euo pipefail

TIME_SERVER="${TIME_SERVER:-192.0.2.10}"
FALLBACK_POOL="${FALLBACK_POOL:-pool.ntp.example.org}"
CONF="${CHRONY_CONF:-/etc/chrony/chrony.conf}"
STAMP="$(date +%Y%m%d%H%M%S)"

info() { echo "[ntp-setup] $*"; }

need_tools() {
    for t in chronyc systemctl; do
        command -v "$t" >/dev/null 2>&1 || { info "missing $t"; exit 1; }
    done
}

elevate() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

render_conf() {
    cat <<EOF
# managed by observatory_ntp_setup.sh ($STAMP)
server $TIME_SERVER iburst prefer minpoll 4 maxpoll 6
pool $FALLBACK_POOL iburst maxsources 2
driftfile /var/lib/chrony/chrony.drift
makestep 1.0 3
rtcsync
logdir /var/log/chrony
EOF
}

backup_conf() {
    if [[ -f "$CONF" ]]; then
        elevate cp -p "$CONF" "$CONF.bak.$STAMP"
        info "backed up existing config"
    fi
}

install_conf() {
    render_conf | elevate tee "$CONF" >/dev/null
    elevate chmod 0644 "$CONF"
    elevate chown root:root "$CONF"
    info "wrote $CONF"
}

restart_service() {
    local unit
    for unit in chrony chronyd; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            elevate systemctl restart "$unit"
            info "restarted $unit"
            return 0
        fi
    done
    info "no chrony unit found"
    return 1
}

verify() {
    sleep 3
    chronyc -n sources || true
    chronyc tracking | grep -E 'Reference|System time' || true
}

main() {
    need_tools
    backup_conf
    install_conf
    restart_service
    verify
    info "done"
}

main "$@"
