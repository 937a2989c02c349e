#!/bin/bash
# Prepare a Raspberry Pi in the glasshouse for the bench sensors.
#
# The soil-moisture boards sit on I2C bus 1 and the misting relays on GPIO.
# The logger runs as the "grower" account, so it needs access to /dev/i2c-1
# and /dev/gpiomem without running as root.
#
#   sudo -v && ./greenhouse_gpio_setup.sh [-u grower] [-n]
#     -u  account that runs the logger (default: current user)
#     -n  dry run: print what would change

set -o errexit -o nounset -o pipefail

RUN_AS="${SUDO_USER:-$(id -un)}"
DRY=0
RULES_FILE="/etc/udev/rules.d/99-glasshouse-sensors.rules"
BOOT_CFG="/boot/config.txt"
[[ -f /boot/firmware/config.txt ]] && BOOT_CFG="/boot/firmware/config.txt"

while getopts "u:nh" o; do
    case $o in
        u) RUN_AS=$OPTARG ;;
        n) DRY=1 ;;
        h) grep '^#' "$0" | sed -n '2,10p' | cut -c3-; exit 0 ;;
        *) exit 2 ;;
    esac
done

as_root() {
    if [[ $DRY -eq 1 ]]; then
        echo "would run: $*"
    elif [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

note() { echo "-- $*"; }

is_pi() {
    grep -q "Raspberry Pi" /proc/cpuinfo 2>/dev/null || \
        grep -qi raspbian /etc/os-release 2>/dev/null
}

enable_i2c() {
    if grep -q '^dtparam=i2c_arm=on' "$BOOT_CFG" 2>/dev/null; then
        note "I2C already enabled in $BOOT_CFG"
        return
    fi
    note "enabling I2C in $BOOT_CFG (reboot needed)"
    echo 'dtparam=i2c_arm=on' | as_root tee -a "$BOOT_CFG" >/dev/null
    as_root modprobe i2c-dev || true
}

install_rules() {
    local tmp
    tmp=$(mktemp)
    cat > "$tmp" <<EOF
# glasshouse bench sensors - written by greenhouse_gpio_setup.sh
SUBSYSTEM=="i2c-dev", KERNEL=="i2c-1", GROUP="i2c", MODE="0660"
SUBSYSTEM=="bcm2835-gpiomem", KERNEL=="gpiomem", GROUP="gpio", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="1a86", ATTRS{idProduct}=="7523", SYMLINK+="sensorhub", GROUP="dialout", MODE="0660"
EOF
    note "installing $RULES_FILE"
    as_root install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
    rm -f "$tmp"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=i2c-dev --subsystem-match=tty
}

grant_groups() {
    for g in i2c gpio dialout; do
        getent group "$g" >/dev/null || as_root groupadd --system "$g"
        if id -nG "$RUN_AS" | tr ' ' '\n' | grep -qx "$g"; then
            note "$RUN_AS already in $g"
        else
            as_root usermod -aG "$g" "$RUN_AS"
        fi
    done
}

fix_now() {
    # udev only applies on the next event; set the current nodes straight away
    for dev in /dev/i2c-1 /dev/gpiomem; do
        [[ -e $dev ]] || continue
        as_root chgrp "$( [[ $dev == *i2c* ]] && echo i2c || echo gpio )" "$dev"
        as_root chmod 0660 "$dev"
    done
}

is_pi || { echo "this does not look like a Raspberry Pi" >&2; exit 1; }
note "setting up sensor access for $RUN_AS"
enable_i2c
install_rules
grant_groups
fix_now
note "done - log out and back in (or reboot) for group changes to apply"
