#!/bin/bash
# opac_usb_guard.sh - stop patrons mounting USB sticks on the OPAC catalogue terminals.
#
# The catalogue terminals are shared, unsupervised machines.  This keeps
# keyboards, mice and the barcode scanners working but refuses USB mass
# storage.  Re-run with --undo to restore normal behaviour (e.g. when the
# terminal is re-purposed as a staff PC).
#
# usage: opac_usb_guard.sh [--undo] [--scanner VID:PID ...]

set -o errexit -o nounset -o pipefail

MODPROBE_CONF="/etc/modprobe.d/opac-no-usb-storage.conf"
UDEV_RULE="/etc/udev/rules.d/85-opac-usb-guard.rules"
UNDO=0
SCANNERS=("05e0:1200" "0c2e:0b61")   # Zebra/Symbol and Honeywell desk scanners

say() { echo "[usb-guard] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --undo) UNDO=1 ;;
        --scanner) shift; SCANNERS+=("$1") ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
    shift
done

if [ "$EUID" -ne 0 ]; then
    say "elevating"
    exec pkexec "$(readlink -f "$0")" "$@"
fi

write_modprobe_conf() {
    cat > "$MODPROBE_CONF" <<'EOF'
# installed by opac_usb_guard.sh - no removable storage on public terminals
blacklist usb_storage
blacklist uas
install usb_storage /bin/false
install uas /bin/false
EOF
    chmod 0644 "$MODPROBE_CONF"
    say "wrote $MODPROBE_CONF"
}

write_udev_rule() {
    {
        echo "# installed by opac_usb_guard.sh"
        echo '# default: do not authorize new USB devices except HID and hubs'
        for id in "${SCANNERS[@]}"; do
            echo "ACTION==\"add\", SUBSYSTEM==\"usb\", ATTR{idVendor}==\"${id%%:*}\", ATTR{idProduct}==\"${id##*:}\", ATTR{authorized}=\"1\", GOTO=\"opac_end\""
        done
        echo 'ACTION=="add", SUBSYSTEM=="usb", ATTR{bInterfaceClass}=="08", ATTR{authorized}="0"'
        echo 'LABEL="opac_end"'
    } > "$UDEV_RULE"
    chmod 0644 "$UDEV_RULE"
    say "wrote $UDEV_RULE (${#SCANNERS[@]} scanner ids allowed)"
}

unload_modules() {
    local m
    for m in uas usb_storage; do
        if lsmod | grep -q "^${m} "; then
            if modprobe -r "$m"; then
                say "unloaded $m"
            else
                say "could not unload $m (device in use?) - will apply after reboot"
            fi
        fi
    done
}

reload_udev() {
    udevadm control --reload-rules
    udevadm trigger --subsystem-match=usb --action=add
}

undo() {
    rm -f "$MODPROBE_CONF" "$UDEV_RULE"
    reload_udev
    modprobe usb_storage || true
    say "USB storage restored"
}

main() {
    if [ "$UNDO" -eq 1 ]; then
        undo
        return
    fi
    write_modprobe_conf
    write_udev_rule
    unload_modules
    reload_udev
    if command -v update-initramfs >/dev/null 2>&1; then
        update-initramfs -u >/dev/null && say "initramfs updated"
    fi
    say "USB storage blocked on $(hostname)"
}

main
