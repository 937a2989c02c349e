#!/bin/sh
# cellar_probe_setup.sh - one-time setup of the DS18B20 1-wire probes on a
# cellar Raspberry Pi, so the climate logger can read them as a normal user.
#
#   - enables the w1-gpio overlay on the chosen GPIO pin
#   - loads the 1-wire kernel modules now (no reboot needed to test)
#   - creates the "cellar" group and lets it read the bus via a udev rule
#   - adds the invoking user to that group
#
# Usage: ./cellar_probe_setup.sh [-p GPIO_PIN] [-g GROUP] [-n]   (-n = dry run)
set -eu

GPIO_PIN=4
CELLAR_GROUP=cellar
DRY_RUN=0
RULE_FILE=/etc/udev/rules.d/60-cellar-w1.rules
NEED_REBOOT=0

while getopts "p:g:nh" opt; do
    case "$opt" in
        p) GPIO_PIN=$OPTARG ;;
        g) CELLAR_GROUP=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h|*) sed -n '2,12p' "$0"; exit 0 ;;
    esac
done

BOOT_CFG=/boot/config.txt
[ -f /boot/firmware/config.txt ] && BOOT_CFG=/boot/firmware/config.txt

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
    TARGET_USER=${SUDO_USER:-root}
else
    AS_ROOT="sudo"
    TARGET_USER=$(id -un)
fi

say() { printf '==> %s\n' "$*"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '    [dry-run] %s\n' "$*"
    else
        "$@"
    fi
}

enable_overlay() {
    if grep -Eq '^dtoverlay=w1-gpio' "$BOOT_CFG"; then
        say "w1-gpio overlay already present in $BOOT_CFG"
        return
    fi
    say "adding w1-gpio overlay on GPIO$GPIO_PIN to $BOOT_CFG"
    line="dtoverlay=w1-gpio,gpiopin=$GPIO_PIN"
    if [ "$DRY_RUN" -eq 0 ]; then
        printf '\n# cellar probes\n%s\n' "$line" | $AS_ROOT tee -a "$BOOT_CFG" >/dev/null
    fi
    NEED_REBOOT=1
}

load_modules() {
    for mod in w1-gpio w1-therm; do
        name=$(echo "$mod" | tr '-' '_')
        if lsmod | grep -q "^$name "; then
            say "$mod already loaded"
        else
            say "loading $mod"
            run $AS_ROOT modprobe "$mod" || say "could not load $mod (overlay needs a reboot first?)"
        fi
    done
}

setup_group() {
    if ! getent group "$CELLAR_GROUP" >/dev/null; then
        say "creating group $CELLAR_GROUP"
        run $AS_ROOT groupadd --system "$CELLAR_GROUP"
    fi
    if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$CELLAR_GROUP"; then
        say "adding $TARGET_USER to $CELLAR_GROUP"
        run $AS_ROOT usermod -aG "$CELLAR_GROUP" "$TARGET_USER"
    fi
}

install_udev_rule() {
    rule="SUBSYSTEM==\"w1\", KERNEL==\"28-*\", GROUP=\"$CELLAR_GROUP\", MODE=\"0640\""
    if [ -f "$RULE_FILE" ] && grep -qF "$rule" "$RULE_FILE"; then
        say "udev rule already installed"
        return
    fi
    say "writing $RULE_FILE"
    if [ "$DRY_RUN" -eq 0 ]; then
        printf '# cellar climate probes\n%s\n' "$rule" | $AS_ROOT tee "$RULE_FILE" >/dev/null
    fi
    run $AS_ROOT udevadm control --reload-rules
    run $AS_ROOT udevadm trigger --subsystem-match=w1
}

list_probes() {
    found=0
    for dev in /sys/bus/w1/devices/28-*; do
        [ -e "$dev" ] || continue
        found=$((found + 1))
        say "probe $(basename "$dev")"
    done
    [ "$found" -gt 0 ] || say "no probes visible yet"
}

enable_overlay
load_modules
setup_group
install_udev_rule
list_probes

if [ "$NEED_REBOOT" -eq 1 ]; then
    say "reboot required for the overlay to take effect"
fi
say "log out and back in for the $CELLAR_GROUP group to apply to $TARGET_USER"
