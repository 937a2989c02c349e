#!/usr/bin/env bash
# Provision a field laptop for the guiding season: packages, time sync, hosts.
set -euo pipefail

SEASON="${SEASON:-$(date +%Y)}"
OFFICE_NTP="${OFFICE_NTP:-ntp.example.org}"
ASSUME_YES=0

log() { printf '[provision %s] %s\n' "$SEASON" "$*"; }
fail() { printf '[provision] error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-y] [-n ntp_host]
  -y   do not ask before each step
  -n   NTP host for the office (default $OFFICE_NTP)
EOF
}

while getopts ":yn:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        n) OFFICE_NTP="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

PRIV=(sudo)
[[ $EUID -eq 0 ]] && PRIV=()

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

PACKAGES=(chrony gpsbabel qgis curl jq)

step_packages() {
    "${PRIV[@]}" apt-get update -qq
    "${PRIV[@]}" apt-get install -y -qq "${PACKAGES[@]}"
}

step_timesync() {
    local conf="/etc/chrony/chrony.conf"
    "${PRIV[@]}" tee "$conf" >/dev/null <<EOF
server $OFFICE_NTP iburst prefer
pool 2.pool.ntp.org iburst
makestep 1.0 3
rtcsync
driftfile /var/lib/chrony/chrony.drift
EOF
    "${PRIV[@]}" systemctl restart chrony
    log "time sync pointed at $OFFICE_NTP"
}

step_hosts() {
    local entry="192.0.2.20 bookings.office.example.com"
    if ! grep -qF "$entry" /etc/hosts; then
        echo "$entry" | "${PRIV[@]}" tee -a /etc/hosts >/dev/null
        log "hosts entry added"
    fi
}

step_kernel() {
    "${PRIV[@]}" sysctl -w vm.swappiness=10 >/dev/null
    log "swappiness lowered for map rendering"
}

declare -A STEPS=(
    [1_packages]=step_packages
    [2_timesync]=step_timesync
    [3_hosts]=step_hosts
    [4_kernel]=step_kernel
)

main() {
    local key
    for key in $(printf '%s\n' "${!STEPS[@]}" | sort); do
        if confirm "run ${key#*_}?"; then
            log "running ${key#*_}"
            "${STEPS[$key]}" || fail "${key#*_} failed"
        else
            log "skipped ${key#*_}"
        fi
    done
    log "provisioning complete"
}

main
