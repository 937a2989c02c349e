#!/bin/sh
# install_transmitter_udev_rule.sh - let club members flash and use their
# EdgeTX radios (RadioMaster, Jumper, FrSky, BetaFPV LiteRadio) on the
# clubhouse simulator PC without running Companion/Buddy as root.
#
# Installs a udev rule giving the 'plugdev' group access to the STM32 DFU
# bootloader and the radio's USB joystick/serial interfaces, then reloads udev.
#
#   ./install_transmitter_udev_rule.sh [--group plugdev] [--dry-run]

set -eu

RULE_NAME="70-edgetx-radios.rules"
RULE_DIR="/etc/udev/rules.d"
GROUP="plugdev"
DRY_RUN=0

log() { echo "[udev-setup] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --group) GROUP="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

# pick whatever privilege helper this machine has
if [ "$(id -u)" -eq 0 ]; then
    ELEVATE=""
elif command -v sudo >/dev/null 2>&1; then
    ELEVATE="sudo"
elif command -v doas >/dev/null 2>&1; then
    ELEVATE="doas"
else
    echo "need root, sudo or doas to install $RULE_DIR/$RULE_NAME" >&2
    exit 1
fi

render_rule() {
    cat <<EOF
# EdgeTX / OpenTX radios - installed by the club simulator setup script
# STM32 DFU bootloader (firmware flashing)
SUBSYSTEM=="usb", ATTRS{idVendor}=="0483", ATTRS{idProduct}=="df11", MODE="0664", GROUP="$GROUP", TAG+="uaccess"
# radio in USB joystick mode (simulators)
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="1209", ATTRS{idProduct}=="4f54", MODE="0664", GROUP="$GROUP", TAG+="uaccess"
# radio in USB serial (VCP) mode - telemetry mirror, CLI
SUBSYSTEM=="tty", ATTRS{idVendor}=="0483", ATTRS{idProduct}=="5740", MODE="0664", GROUP="$GROUP", SYMLINK+="edgetx%n"
# mass storage mode: nothing needed, udisks handles it
EOF
}

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
render_rule > "$tmp"

if [ -f "$RULE_DIR/$RULE_NAME" ] && cmp -s "$tmp" "$RULE_DIR/$RULE_NAME"; then
    log "rule already up to date"
    exit 0
fi

if [ "$DRY_RUN" -eq 1 ]; then
    log "would install to $RULE_DIR/$RULE_NAME:"
    cat "$tmp"
    exit 0
fi

getent group "$GROUP" >/dev/null || { echo "group $GROUP does not exist" >&2; exit 1; }

log "installing $RULE_DIR/$RULE_NAME (group $GROUP)"
$ELEVATE install -D -m 0644 -o root -g root "$tmp" "$RULE_DIR/$RULE_NAME"
$ELEVATE udevadm control --reload-rules
$ELEVATE udevadm trigger --subsystem-match=usb --subsystem-match=tty --subsystem-match=hidraw

if ! id -nG "${SUDO_USER:-$(id -un)}" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "note: $(id -un) is not in $GROUP; ask an admin to add you, then log in again"
fi
log "done - unplug and replug the radio"
