#!/usr/bin/env bash
# Set up the RS485 USB adapter used by the battery/inverter data logger.
# Gives the adapter a stable device name and lets the logger user read it.
set -euo pipefail

LOGGER_USER="${LOGGER_USER:-pvlogger}"
LOGGER_SERVICE="${LOGGER_SERVICE:-pvlogger}"
VENDOR_ID="${RS485_VENDOR:-0403}"
PRODUCT_ID="${RS485_PRODUCT:-6001}"
LINK_NAME="${RS485_LINK:-rs485-inverter}"

rules_dir() { printf '/%s/%s/%s' etc udev rules.d; }
rules_file() { printf '%s/99-%s.rules' "$(rules_dir)" "$LINK_NAME"; }

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

info() { printf '==> %s\n' "$*"; }

render_rule() {
    cat <<EOF
# RS485 adapter for the inverter data logger
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="${LINK_NAME}", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local target
    target="$(rules_file)"
    if [[ -f "$target" ]] && diff -q <(render_rule) "$target" >/dev/null; then
        info "udev rule already current"
        return 0
    fi
    info "writing $target"
    render_rule | priv tee "$target" >/dev/null
    priv chmod 0644 "$target"
    priv udevadm control --reload-rules
    priv udevadm trigger --subsystem-match=tty
}

grant_group() {
    if id -nG "$LOGGER_USER" 2>/dev/null | tr ' ' '\n' | grep -qx dialout; then
        info "$LOGGER_USER already in dialout"
        return 0
    fi
    info "adding $LOGGER_USER to dialout"
    priv usermod -aG dialout "$LOGGER_USER"
}

restart_logger() {
    local ctl=(systemctl)
    if "${ctl[@]}" list-unit-files "${LOGGER_SERVICE}.service" >/dev/null 2>&1; then
        info "restarting $LOGGER_SERVICE"
        priv "${ctl[@]}" restart "$LOGGER_SERVICE"
        "${ctl[@]}" --no-pager status "$LOGGER_SERVICE" | head -n 5 || true
    else
        info "$LOGGER_SERVICE not installed, skipping restart"
    fi
}

wait_for_link() {
    local i
    for i in $(seq 1 10); do
        if [[ -e "/dev/$LINK_NAME" ]]; then
            info "device present at /dev/$LINK_NAME"
            return 0
        fi
        sleep 1
    done
    info "no /dev/$LINK_NAME yet; is the adapter plugged in?"
    return 1
}

main() {
    install_rule
    grant_group
    wait_for_link || true
    restart_logger
    info "serial setup done"
}

main "$@"
