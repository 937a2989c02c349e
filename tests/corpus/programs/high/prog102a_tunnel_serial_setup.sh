#!/usr/bin/env bash
# tunnel_serial_setup.sh - prepare a new site box for the wash-tunnel
# controller's RS-485 link.
#
# The tunnel controller talks Modbus RTU over a USB/RS-485 adapter.  The
# adapter enumerates as /dev/ttyUSB<n> in random order next to the
# receipt printer's adapter, so we pin it to a stable /dev/tunnel-plc name
# and let the service account open it.
#
# Usage: tunnel_serial_setup.sh [-u user] [-v vid:pid] [-n]
set -euo pipefail

SERVICE_USER="${SUDO_USER:-$(id -un)}"
ADAPTER="0403:6001"          # FTDI FT232R, what the installers fit
RULE_FILE="/etc/udev/rules.d/71-tunnel-plc.rules"
DRY_RUN=0

info() { printf '\033[1m::\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while getopts ":u:v:nh" opt; do
    case "$opt" in
        u) SERVICE_USER="$OPTARG" ;;
        v) ADAPTER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option -$OPTARG" >&2; exit 1 ;;
    esac
done

VID="${ADAPTER%%:*}"
PID="${ADAPTER##*:}"

as_root() {
    if (( DRY_RUN )); then
        printf '[dry-run] %s\n' "$*"
    elif (( EUID == 0 )); then
        "$@"
    else
        sudo "$@"
    fi
}

find_adapter_serial() {
    local dev
    for dev in /sys/bus/usb/devices/*; do
        [[ -f "$dev/idVendor" ]] || continue
        if [[ "$(cat "$dev/idVendor")" == "$VID" && "$(cat "$dev/idProduct")" == "$PID" ]]; then
            cat "$dev/serial" 2>/dev/null && return 0
        fi
    done
    return 1
}

render_rule() {
    local serial="$1"
    cat <<EOF
# Wash tunnel controller RS-485 adapter (installed $(date +%F) by $(id -un))
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VID}", ATTRS{idProduct}=="${PID}", \\
  ATTRS{serial}=="${serial}", SYMLINK+="tunnel-plc", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local serial="$1" tmp
    tmp="$(mktemp "${PWD}/.rule.XXXXXX")"
    render_rule "$serial" > "$tmp"
    if [[ -f "$RULE_FILE" ]] && cmp -s "$tmp" "$RULE_FILE"; then
        info "udev rule already up to date"
        rm -f "$tmp"
        return
    fi
    info "installing ${RULE_FILE}"
    as_root install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
}

grant_access() {
    if id -nG "$SERVICE_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "${SERVICE_USER} already in dialout"
        return
    fi
    info "adding ${SERVICE_USER} to dialout"
    as_root usermod -aG dialout "$SERVICE_USER"
    warn "${SERVICE_USER} must log out and back in for the group to apply"
}

verify() {
    local i
    for i in 1 2 3 4 5; do
        if [[ -e /dev/tunnel-plc ]]; then
            info "/dev/tunnel-plc -> $(readlink -f /dev/tunnel-plc)"
            return 0
        fi
        sleep 1
    done
    warn "/dev/tunnel-plc did not appear; replug the adapter and rerun"
    return 1
}

main() {
    local serial
    if ! serial="$(find_adapter_serial)"; then
        echo "no adapter ${ADAPTER} found - is the RS-485 dongle plugged in?" >&2
        exit 2
    fi
    info "found adapter ${ADAPTER} serial ${serial}"
    install_rule "$serial"
    grant_access
    (( DRY_RUN )) || verify
}

main
