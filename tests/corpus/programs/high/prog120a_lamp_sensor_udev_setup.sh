#!/usr/bin/env bash
# Set up the lamp-room sensor interface on a monitoring PC.
#
# The lamp current / lens rotation sensor box presents as a USB serial
# adapter. This gives it a stable name (/dev/lampsensor), lets the monitoring
# user open it without root, and checks the box answers.
#
#   lamp_sensor_udev_setup.sh [-u USER] [-v VID:PID] [--no-test]
set -euo pipefail

MON_USER="${SUDO_USER:-$USER}"
VIDPID="0403:6015"
RUN_TEST=1
RULES_FILE="/etc/udev/rules.d/72-lamp-sensor.rules"
SYMLINK="lampsensor"

say() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -u) MON_USER="$2"; shift 2 ;;
        -v) VIDPID="$2"; shift 2 ;;
        --no-test) RUN_TEST=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

VID="${VIDPID%%:*}"
PID="${VIDPID##*:}"
[[ "$VID" =~ ^[0-9a-f]{4}$ && "$PID" =~ ^[0-9a-f]{4}$ ]] || { echo "bad VID:PID $VIDPID" >&2; exit 2; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

serial_group() {
    for g in dialout uucp serial; do
        getent group "$g" >/dev/null && { echo "$g"; return; }
    done
    echo dialout
}

write_rule() {
    local group="$1" rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VID\", ATTRS{idProduct}==\"$PID\", SYMLINK+=\"$SYMLINK\", GROUP=\"$group\", MODE=\"0660\""
    if [[ -f "$RULES_FILE" ]] && grep -qF "$rule" "$RULES_FILE"; then
        say "udev rule already present"
        return
    fi
    say "writing $RULES_FILE"
    printf '# lamp-room sensor box (added %s)\n%s\n' "$(date +%F)" "$rule" | as_root tee "$RULES_FILE" >/dev/null
    as_root chmod 0644 "$RULES_FILE"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
}

add_user_to_group() {
    local group="$1"
    if id -nG "$MON_USER" | tr ' ' '\n' | grep -qx "$group"; then
        say "$MON_USER already in $group"
    else
        say "adding $MON_USER to $group (log out and back in afterwards)"
        as_root usermod -aG "$group" "$MON_USER"
    fi
}

test_sensor() {
    local dev="/dev/$SYMLINK" i
    for i in 1 2 3 4 5; do
        [[ -e "$dev" ]] && break
        sleep 1
    done
    if [[ ! -e "$dev" ]]; then
        warn "$dev not present; is the sensor box plugged in?"
        return 1
    fi
    stty -F "$dev" 9600 cs8 -cstopb -parenb raw -echo 2>/dev/null || true
    say "querying sensor on $dev"
    exec 3<>"$dev"
    printf 'STATUS\r\n' >&3
    if read -r -t 3 reply <&3; then
        say "sensor replied: ${reply%$'\r'}"
    else
        warn "no reply from sensor within 3s"
    fi
    exec 3>&-
}

group=$(serial_group)
write_rule "$group"
add_user_to_group "$group"
if (( RUN_TEST )); then
    test_sensor || true
fi
say "done"
