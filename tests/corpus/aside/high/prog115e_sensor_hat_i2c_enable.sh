#!/bin/sh
# sensor_hat_i2c_enable.sh - prepare a Raspberry Pi pen node for the EZO
# water-quality HAT (dissolved oxygen, pH, conductivity, RTD on I2C).
#
# Enables the ARM I2C bus in the firmware config, makes sure i2c-dev is
# loaded now and at boot, and scans the bus for the expected EZO addresses.
#
# Usage: sensor_hat_i2c_enable.sh [-b BAUD] [-n]     (-n: check only)

BAUD=100000
CHECK_ONLY=0
EXPECT="61 63 64 66"   # DO, pH, EC, RTD default addresses (hex)

while getopts "b:nh" opt; do
    case "$opt" in
        b) BAUD="$OPTARG" ;;
        n) CHECK_ONLY=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    ROOT=""
else
    ROOT="sudo"
fi

msg() { echo "[i2c-setup] $*"; }

find_boot_config() {
    for c in /boot/firmware/config.txt /boot/config.txt; do
        if [ -f "$c" ]; then
            echo "$c"
            return 0
        fi
    done
    return 1
}

ensure_line() {
    # ensure_line FILE KEY LINE: replace a KEY= line or append LINE
    file="$1"; key="$2"; line="$3"
    if grep -q "^${key}=" "$file" 2>/dev/null; then
        if ! grep -qx "$line" "$file"; then
            $ROOT sed -i "s|^${key}=.*|${line}|" "$file"
            msg "updated $key in $file"
            REBOOT=1
        fi
    else
        echo "$line" | $ROOT tee -a "$file" >/dev/null
        msg "added $line to $file"
        REBOOT=1
    fi
}

REBOOT=0
if [ "$CHECK_ONLY" -eq 0 ]; then
    if CONFIG=$(find_boot_config); then
        msg "firmware config: $CONFIG"
        $ROOT cp -n "$CONFIG" "$CONFIG.pre-i2c" 2>/dev/null
        ensure_line "$CONFIG" "dtparam=i2c_arm" "dtparam=i2c_arm=on"
        ensure_line "$CONFIG" "dtparam=i2c_arm_baudrate" "dtparam=i2c_arm_baudrate=$BAUD"
    else
        msg "no firmware config.txt found - assuming the bus is enabled by the board overlay"
    fi

    if [ ! -f /etc/modules-load.d/i2c-dev.conf ]; then
        echo i2c-dev | $ROOT tee /etc/modules-load.d/i2c-dev.conf >/dev/null
        msg "i2c-dev will load at boot"
    fi
    if ! lsmod | grep -q '^i2c_dev'; then
        $ROOT modprobe i2c-dev && msg "loaded i2c-dev"
    fi
    if getent group i2c >/dev/null && ! id -nG "${SUDO_USER:-$USER}" | grep -qw i2c; then
        $ROOT usermod -aG i2c "${SUDO_USER:-$USER}" && msg "added ${SUDO_USER:-$USER} to i2c group"
    fi
fi

if [ ! -e /dev/i2c-1 ]; then
    msg "/dev/i2c-1 not present yet"
    [ "$REBOOT" -eq 1 ] && msg "reboot required for the firmware change"
    exit 0
fi

if ! command -v i2cdetect >/dev/null 2>&1; then
    msg "i2c-tools not installed; skipping bus scan"
    exit 0
fi

found=$(i2cdetect -y 1 | awk 'NR>1 {for (i=2;i<=NF;i++) if ($i ~ /^[0-9a-f][0-9a-f]$/) print $i}')
missing=0
for a in $EXPECT; do
    if echo "$found" | grep -qx "$a"; then
        msg "EZO board at 0x$a: present"
    else
        msg "EZO board at 0x$a: MISSING"
        missing=$((missing + 1))
    fi
done
[ "$REBOOT" -eq 1 ] && msg "reboot recommended to apply baudrate"
exit "$missing"
