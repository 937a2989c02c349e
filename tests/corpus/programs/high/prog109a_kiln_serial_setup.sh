#!/usr/bin/env bash
# kiln_serial_setup.sh - prepare a Raspberry Pi to log the kiln controller
# over its RS-485 port through a USB adapter.
#
# Gives the adapter a stable name (/dev/kiln0) so the logger does not break
# when other USB serial gear (the pug mill counter, the scale) is plugged in,
# lets the logging user open it, and writes ./kiln_logger.conf.
#
# usage: kiln_serial_setup.sh [--vendor 0403] [--product 6001] [--user pi]
set -euo pipefail

VENDOR="0403"     # FTDI FT232R default
PRODUCT="6001"
LINK_NAME="kiln0"
LOG_USER="${SUDO_USER:-$USER}"
BAUD=9600
RULES_FILE="/etc/udev/rules.d/99-kiln-controller.rules"
CONF_OUT="./kiln_logger.conf"

msg() { echo -e "\033[1;34m==>\033[0m $*"; }
err() { echo -e "\033[1;31m!!\033[0m $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vendor) VENDOR="$2"; shift 2 ;;
        --product) PRODUCT="$2"; shift 2 ;;
        --user) LOG_USER="$2"; shift 2 ;;
        --baud) BAUD="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) err "unknown option $1"; exit 2 ;;
    esac
done

detect_adapter() {
    if command -v lsusb >/dev/null && lsusb | grep -qi "${VENDOR}:${PRODUCT}"; then
        msg "found USB adapter ${VENDOR}:${PRODUCT}"
        lsusb | grep -i "${VENDOR}:${PRODUCT}" | sed 's/^/    /'
    else
        err "adapter ${VENDOR}:${PRODUCT} not plugged in; rule will apply when it is"
    fi
}

render_rule() {
    cat <<EOF
# Kiln controller RS-485 adapter - written by kiln_serial_setup.sh
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", \\
    SYMLINK+="${LINK_NAME}", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local tmp
    tmp="$(mktemp -p . kilnrule.XXXX)"
    render_rule > "$tmp"
    if [[ -f "$RULES_FILE" ]] && cmp -s "$tmp" "$RULES_FILE"; then
        msg "udev rule already up to date"
    else
        msg "installing $RULES_FILE"
        sudo install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
        sudo udevadm control --reload-rules
        sudo udevadm trigger --subsystem-match=tty --action=add
    fi
    rm -f "$tmp"
}

grant_user() {
    if id -nG "$LOG_USER" | tr ' ' '\n' | grep -qx dialout; then
        msg "$LOG_USER already in dialout"
    else
        msg "adding $LOG_USER to dialout (log out and back in afterwards)"
        sudo usermod -aG dialout "$LOG_USER"
    fi
}

write_conf() {
    cat > "$CONF_OUT" <<EOF
# generated $(date -Iseconds)
port = /dev/${LINK_NAME}
baud = ${BAUD}
parity = N
stopbits = 1
poll_seconds = 30
log_dir = ./kiln_logs
EOF
    chmod 0600 "$CONF_OUT"
    msg "wrote $CONF_OUT"
}

verify() {
    sleep 1
    if [[ -e "/dev/${LINK_NAME}" ]]; then
        msg "/dev/${LINK_NAME} -> $(readlink -f "/dev/${LINK_NAME}")"
    else
        err "/dev/${LINK_NAME} not present yet - replug the adapter"
    fi
}

detect_adapter
install_rule
grant_user
write_conf
verify
msg "done. start the logger with: ./kiln_logger.py -c $CONF_OUT"
