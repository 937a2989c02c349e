#!/usr/bin/env bash
# rota_badge_printer_setup.sh - set up the USB label printer that prints
# volunteer hi-vis badges and role cards from the rota planner.
#
# Supports the Brother QL-700/QL-800 and the Dymo LabelWriter 450 that the
# club owns.  Loads the USB printer driver, adds a udev rule so the printer
# always appears as /dev/badgeprinter with group access, and adds the current
# user to the lp group so rota_print_badges.py can write to it.
#
# Usage: rota_badge_printer_setup.sh [--model ql700|ql800|lw450] [--test]

set -euo pipefail

MODEL="ql700"
TEST_PRINT=0
RULE_FILE="/etc/udev/rules.d/70-badgeprinter.rules"
TARGET_USER="${SUDO_USER:-$USER}"

msg() { printf '>> %s\n' "$*"; }
err() { printf '!! %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --model) MODEL="$2"; shift 2 ;;
        --test) TEST_PRINT=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) err "unknown argument $1"; exit 1 ;;
    esac
done

case "$MODEL" in
    ql700) VID=04f9; PID=2042 ;;
    ql800) VID=04f9; PID=209b ;;
    lw450) VID=0922; PID=0020 ;;
    *) err "unsupported model $MODEL"; exit 1 ;;
esac

detect_printer() {
    if lsusb -d "$VID:$PID" >/dev/null 2>&1; then
        msg "found $MODEL on USB ($VID:$PID)"
    else
        err "no $MODEL detected - check the cable and that it is switched on"
        err "continuing; the rule will apply when it is plugged in"
    fi
}

load_driver() {
    if lsmod | grep -q '^usblp'; then
        msg "usblp already loaded"
    else
        msg "loading usblp"
        sudo modprobe usblp
    fi
    if [[ ! -f /etc/modules-load.d/usblp.conf ]]; then
        echo usblp | sudo tee /etc/modules-load.d/usblp.conf >/dev/null
    fi
}

install_rule() {
    local rule
    rule="SUBSYSTEM==\"usbmisc\", ATTRS{idVendor}==\"$VID\", ATTRS{idProduct}==\"$PID\", SYMLINK+=\"badgeprinter\", GROUP=\"lp\", MODE=\"0660\""
    if [[ -f "$RULE_FILE" ]] && grep -qF "$rule" "$RULE_FILE"; then
        msg "udev rule already present"
        return
    fi
    msg "writing $RULE_FILE"
    printf '# badge printer for the volunteer rota (%s)\n%s\n' "$MODEL" "$rule" \
        | sudo tee "$RULE_FILE" >/dev/null
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usbmisc
}

grant_access() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx lp; then
        msg "$TARGET_USER already in lp"
    else
        msg "adding $TARGET_USER to lp (log out and back in afterwards)"
        sudo usermod -aG lp "$TARGET_USER"
    fi
}

test_print() {
    (( TEST_PRINT )) || return 0
    for _ in 1 2 3 4 5; do
        [[ -e /dev/badgeprinter ]] && break
        sleep 1
    done
    if [[ -e /dev/badgeprinter ]]; then
        msg "sending test badge"
        python3 ./rota_print_badges.py --test --device /dev/badgeprinter --model "$MODEL"
    else
        err "/dev/badgeprinter did not appear; unplug and replug the printer"
    fi
}

detect_printer
load_driver
install_rule
grant_access
test_print
msg "badge printer ready"
