#!/bin/sh
# Prepare a fresh venue laptop for DGT boards and clocks.
#
# Loads the USB serial drivers the boards need, lets the current user talk
# to the serial ports and lists what was found. Run once per laptop before
# the first round.
#
# Usage: board_usb_prep.sh [-u user] [-n]

USER_NAME="${SUDO_USER:-$(id -un)}"
DRY=0

while getopts "u:n" o; do
    case "$o" in
        u) USER_NAME="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-u user] [-n]" >&2; exit 2 ;;
    esac
done

# pick whatever privilege helper the distro ships
ELEV=""
for cand in sudo doas; do
    if command -v "$cand" >/dev/null 2>&1; then ELEV="$cand"; break; fi
done
[ "$(id -u)" -eq 0 ] && ELEV=""

priv() {
    if [ "$DRY" -eq 1 ]; then
        echo "would run: $ELEV $*"
        return 0
    fi
    $ELEV "$@"
}

msg() { echo ">> $*"; }

load_drivers() {
    # cdc_acm for the newer boards, ftdi_sio for the clock adapter
    for mod in cdc_acm ftdi_sio usbserial; do
        if lsmod | grep -q "^$mod "; then
            msg "$mod already loaded"
        else
            priv modprobe "$mod" && msg "loaded $mod"
        fi
    done
}

grant_serial_group() {
    if id -nG "$USER_NAME" | grep -qw dialout; then
        msg "$USER_NAME already in dialout"
    else
        priv usermod -aG dialout "$USER_NAME" && msg "added $USER_NAME to dialout"
    fi
}

open_ports_now() {
    # group change only applies after re-login, so open the current ports
    found=0
    for port in /dev/ttyACM* /dev/ttyUSB*; do
        [ -e "$port" ] || continue
        priv chmod 0666 "$port"
        priv chown "$USER_NAME" "$port"
        msg "opened $port"
        found=$((found + 1))
    done
    [ "$found" -eq 0 ] && msg "no boards plugged in right now"
}

list_boards() {
    if command -v lsusb >/dev/null 2>&1; then
        lsusb | grep -Ei 'dgt|045b|2ae5|ftdi' || msg "no DGT devices on the bus"
    fi
}

msg "preparing laptop for $USER_NAME"
load_drivers
grant_serial_group
open_ports_now
list_boards
msg "done; replug the boards if they are not listed"
