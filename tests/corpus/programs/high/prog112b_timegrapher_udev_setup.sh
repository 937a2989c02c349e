#!/usr/bin/env bash
# timegrapher_udev_setup.sh - give the bench user a stable device name and
# access to the USB timegrapher (CH340 / CP210x / FTDI serial bridges) so the
# reader can open /dev/timegrapher without root.
#
# Run once per bench PC after plugging the timegrapher in.
#
# usage: timegrapher_udev_setup.sh [--user NAME] [--vid 1a86 --pid 7523] [--dry-run]

set -euo pipefail

TARGET_USER="${SUDO_USER:-$USER}"
VID=""
PID=""
DRY=0
RULES_DIR="/etc/udev/rules.d"
RULE_FILE="$RULES_DIR/71-timegrapher.rules"

# Serial bridges seen on the timegraphers we have on the benches
KNOWN_BRIDGES=(
    "1a86:7523"   # QinHeng CH340 (Weishi 1000/1900)
    "10c4:ea60"   # Silicon Labs CP210x (Witschi Chronoscope S1 adapter)
    "0403:6001"   # FTDI FT232R (MTG-1000)
)

info() { echo "[udev-setup] $*"; }
warn() { echo "[udev-setup] WARNING: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --user) TARGET_USER="$2"; shift 2 ;;
        --vid) VID="$2"; shift 2 ;;
        --pid) PID="$2"; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "ignoring $1"; shift ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        warn "need root for: $*"
        return 1
    fi
}

detect_bridge() {
    local id
    for id in "${KNOWN_BRIDGES[@]}"; do
        if lsusb 2>/dev/null | grep -qi "ID $id"; then
            echo "$id"
            return 0
        fi
    done
    return 1
}

if [ -z "$VID" ] || [ -z "$PID" ]; then
    if found=$(detect_bridge); then
        VID="${found%%:*}"; PID="${found##*:}"
        info "found serial bridge $VID:$PID"
    else
        warn "no known timegrapher bridge plugged in; writing rules for all known bridges"
    fi
fi

build_rules() {
    echo "# Timegrapher serial bridges - managed by timegrapher_udev_setup.sh"
    local id v p
    if [ -n "$VID" ]; then
        set -- "$VID:$PID"
    else
        set -- "${KNOWN_BRIDGES[@]}"
    fi
    for id in "$@"; do
        v="${id%%:*}"; p="${id##*:}"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="dialout", SYMLINK+="timegrapher"\n' "$v" "$p"
    done
    # stop ModemManager probing the port and upsetting the timegrapher
    echo 'ATTRS{idVendor}=="1a86", ENV{ID_MM_DEVICE_IGNORE}="1"'
}

RULES="$(build_rules)"
if [ "$DRY" -eq 1 ]; then
    echo "$RULES"
    exit 0
fi

info "writing $RULE_FILE"
printf '%s\n' "$RULES" | as_root tee "$RULE_FILE" >/dev/null
as_root chmod 0644 "$RULE_FILE"

if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
    info "adding $TARGET_USER to dialout"
    as_root usermod -aG dialout "$TARGET_USER"
    NEED_RELOGIN=1
fi

info "reloading udev"
as_root udevadm control --reload-rules
as_root udevadm trigger --subsystem-match=tty --action=add

sleep 1
if [ -e /dev/timegrapher ]; then
    info "/dev/timegrapher -> $(readlink -f /dev/timegrapher)"
else
    warn "/dev/timegrapher not present yet; replug the timegrapher"
fi
[ "${NEED_RELOGIN:-0}" -eq 1 ] && info "log out and back in for the dialout group to apply"
exit 0
