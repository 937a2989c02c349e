#!/usr/bin/env bash
# virtual_camera_setup.sh - load the v4l2loopback module for the screen
# recording demo and give the "video" group access to the device.
#
# Elevation is done with whichever tool the desktop has: doas, pkexec or,
# as a last resort, `su -c` (asks for the root password).

set -euo pipefail

MODULE=v4l2loopback
DEVICE_NR="${DEVICE_NR:-10}"
CARD_LABEL="${CARD_LABEL:-DemoCam}"
RULE_FILE=/etc/udev/rules.d/83-democam.rules

pick_elevator() {
    if [[ $EUID -eq 0 ]]; then
        ELEVATE=direct
    elif command -v doas >/dev/null 2>&1; then
        ELEVATE=doas
    elif command -v pkexec >/dev/null 2>&1; then
        ELEVATE=pkexec
    else
        ELEVATE=su
    fi
    echo "using elevation method: $ELEVATE"
}

elevated() {
    case "$ELEVATE" in
        direct) "$@" ;;
        doas)   doas "$@" ;;
        pkexec) pkexec "$@" ;;
        su)     su -c "$(printf '%q ' "$@")" root ;;
    esac
}

module_loaded() {
    grep -q "^${MODULE} " /proc/modules
}

load_module() {
    if module_loaded; then
        echo "$MODULE already loaded"
        return
    fi
    if ! modinfo "$MODULE" >/dev/null 2>&1; then
        echo "module $MODULE is not installed (package v4l2loopback-dkms)" >&2
        exit 1
    fi
    elevated modprobe "$MODULE" devices=1 video_nr="$DEVICE_NR" \
        card_label="$CARD_LABEL" exclusive_caps=1
    echo "loaded $MODULE as /dev/video${DEVICE_NR}"
}

install_udev_rule() {
    local rule="KERNEL==\"video${DEVICE_NR}\", SUBSYSTEM==\"video4linux\", GROUP=\"video\", MODE=\"0660\""
    if [[ -f "$RULE_FILE" ]] && grep -qF "$rule" "$RULE_FILE"; then
        echo "udev rule already present"
        return
    fi
    printf '# democam virtual device\n%s\n' "$rule" | elevated tee "$RULE_FILE" >/dev/null
    elevated udevadm control --reload-rules
    elevated udevadm trigger --subsystem-match=video4linux
    echo "installed $RULE_FILE"
}

check_membership() {
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx video; then
        echo "note: $USER is not in the 'video' group; log out and back in after adding it"
    fi
}

unload() {
    pick_elevator
    if module_loaded; then
        elevated modprobe -r "$MODULE"
        echo "unloaded $MODULE"
    fi
}

main() {
    case "${1:-load}" in
        load)
            pick_elevator
            load_module
            install_udev_rule
            check_membership
            ls -l "/dev/video${DEVICE_NR}" 2>/dev/null || true
            ;;
        unload) unload ;;
        *) echo "usage: $0 [load|unload]" >&2; exit 2 ;;
    esac
}

main "$@"
