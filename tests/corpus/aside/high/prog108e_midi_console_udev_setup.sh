#!/bin/sh
# midi-console-setup: give the practice-organ console a stable device name.
#
# The practice room's two-manual console has a USB-MIDI interface for each
# manual and one for the pedalboard plus a piston/expression encoder. The
# virtual organ software needs them under fixed names and readable by the
# organ user without root. This adds the udev rules, puts the organ user in
# the audio group and reloads udev.
#
# Usage: midi_console_udev_setup.sh [-u USER] [-f RULES_TEMPLATE] [-n]

set -eu

ORGAN_USER="${SUDO_USER:-$(id -un)}"
TEMPLATE="./udev/60-practice-console.rules.in"
RULES_DEST="/etc/udev/rules.d/60-practice-console.rules"
DRY_RUN=0

msg() { printf 'midi-console-setup: %s\n' "$*"; }

while getopts "u:f:nh" opt; do
    case "$opt" in
        u) ORGAN_USER="$OPTARG" ;;
        f) TEMPLATE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        msg "would run: $*"
    else
        "$@"
    fi
}

detect_devices() {
    # Print vendor:product pairs of attached USB-MIDI interfaces.
    for dev in /sys/bus/usb/devices/*; do
        [ -f "$dev/idVendor" ] || continue
        if grep -qs "Audio" "$dev/product" 2>/dev/null || \
           ls "$dev"/*:1.1/sound >/dev/null 2>&1; then
            printf '%s:%s %s\n' "$(cat "$dev/idVendor")" "$(cat "$dev/idProduct")" \
                "$(cat "$dev/product" 2>/dev/null || echo unknown)"
        fi
    done
}

render_rules() {
    [ -f "$TEMPLATE" ] || { msg "missing template $TEMPLATE"; exit 1; }
    sed -e "s/@GROUP@/audio/g" -e "s/@USER@/$ORGAN_USER/g" "$TEMPLATE"
}

install_rules() {
    tmp_rules="./.60-practice-console.rules"
    render_rules > "$tmp_rules"
    msg "installing $RULES_DEST"
    if [ "$DRY_RUN" -eq 1 ]; then
        cat "$tmp_rules"
    else
        sudo install -m 0644 -o root -g root "$tmp_rules" "$RULES_DEST"
    fi
    rm -f "$tmp_rules"
}

add_to_audio_group() {
    if id -nG "$ORGAN_USER" | tr ' ' '\n' | grep -qx audio; then
        msg "$ORGAN_USER already in audio group"
    else
        msg "adding $ORGAN_USER to audio group (log out and in afterwards)"
        run sudo usermod -aG audio "$ORGAN_USER"
    fi
}

reload_udev() {
    run sudo udevadm control --reload-rules
    run sudo udevadm trigger --subsystem-match=sound --action=add
}

main() {
    msg "attached MIDI interfaces:"
    detect_devices | sed 's/^/    /'
    install_rules
    add_to_audio_group
    reload_udev
    msg "done; check with: ls -l /dev/snd/by-id/ and aconnect -l"
}

main
