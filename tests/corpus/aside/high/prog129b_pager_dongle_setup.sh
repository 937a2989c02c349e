#!/usr/bin/env bash
# pager_dongle_setup.sh - give the pager relay user access to the SDR dongle
# and the GSM modem used for fallback SMS alerts.
#
# Writes a udev rule matching the RTL-SDR (0bda:2838) and the Huawei modem
# (12d1:1506), gives them stable /dev names the relay config refers to, and
# adds the relay user to the groups that own them.
#
#   ./pager_dongle_setup.sh [-u relay-user] [-n]     (-n = show, do not apply)

set -euo pipefail

RELAY_USER="${USER}"
DRY_RUN=0
RULE_FILE=/etc/udev/rules.d/60-station-pager.rules
SDR_VID=0bda
SDR_PID=2838
MODEM_VID=12d1
MODEM_PID=1506

while getopts ":u:nh" opt; do
    case "$opt" in
        u) RELAY_USER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: $0 [-u user] [-n]" >&2; exit 2 ;;
    esac
done

msg() { printf '[pager-setup] %s\n' "$*"; }

id "$RELAY_USER" >/dev/null 2>&1 || { msg "no such user $RELAY_USER"; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    msg "needs root or sudo to install udev rules"
    exit 1
fi

render_rule() {
    cat <<EOF
# Station pager gateway devices - managed by pager_dongle_setup.sh
SUBSYSTEM=="usb", ATTRS{idVendor}=="$SDR_VID", ATTRS{idProduct}=="$SDR_PID", GROUP="plugdev", MODE="0660", SYMLINK+="pager-sdr"
SUBSYSTEM=="tty", ATTRS{idVendor}=="$MODEM_VID", ATTRS{idProduct}=="$MODEM_PID", ENV{ID_USB_INTERFACE_NUM}=="00", GROUP="dialout", MODE="0660", SYMLINK+="pager-modem"
EOF
}

if [ "$DRY_RUN" -eq 1 ]; then
    msg "would write $RULE_FILE:"
    render_rule
    msg "would add $RELAY_USER to plugdev, dialout"
    exit 0
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
render_rule > "$tmp"

if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
    msg "udev rule already current"
else
    msg "installing $RULE_FILE"
    $SUDO install -o root -g root -m 0644 "$tmp" "$RULE_FILE"
    $SUDO udevadm control --reload-rules
    $SUDO udevadm trigger --subsystem-match=usb --subsystem-match=tty --action=add
fi

for grp in plugdev dialout; do
    if id -nG "$RELAY_USER" | tr ' ' '\n' | grep -qx "$grp"; then
        msg "$RELAY_USER already in $grp"
    else
        $SUDO usermod -aG "$grp" "$RELAY_USER"
        msg "added $RELAY_USER to $grp (log out/in to take effect)"
    fi
done

sleep 1
for dev in /dev/pager-sdr /dev/pager-modem; do
    if [ -e "$dev" ]; then
        msg "$dev -> $(readlink -f "$dev")"
    else
        msg "$dev not present (device unplugged?)"
    fi
done
