#!/usr/bin/env bash
# One-time setup of a dosing-pump controller workstation.
# Gives the 'dosing' group stable access to the USB-serial pump boards.
set -euo pipefail

RULE_NAME="${RULE_NAME:-99-greenleaf-pumps.rules}"
RULE_DIR="/etc/udev/rules.d"
PUMP_GROUP="${PUMP_GROUP:-dosing}"
TARGET_USER="${TARGET_USER:-${SUDO_USER:-$USER}}"
DRIVERS=(ch341 cp210x ftdi_sio)

# vendor:product pairs for the three pump board revisions
declare -A BOARDS=(
    [rev_a]="1a86:7523"
    [rev_b]="10c4:ea60"
    [rev_c]="0403:6001"
)

info() { echo ">> $*"; }

as_root() {
    local via=(su do)
    local IFS=''
    "${via[*]}" "$@"
}

render_rules() {
    local name vp vid pid
    echo "# managed by pump_controller_setup.sh - $(date +%F)"
    for name in "${!BOARDS[@]}"; do
        vp="${BOARDS[$name]}"
        vid="${vp%%:*}"
        pid="${vp##*:}"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", GROUP="%s", MODE="0660", SYMLINK+="pump-%s"\n' \
            "$vid" "$pid" "$PUMP_GROUP" "$name"
    done
}

ensure_group() {
    if ! getent group "$PUMP_GROUP" >/dev/null; then
        info "creating group $PUMP_GROUP"
        as_root groupadd --system "$PUMP_GROUP"
    fi
    info "adding $TARGET_USER to $PUMP_GROUP and dialout"
    as_root usermod -aG "$PUMP_GROUP,dialout" "$TARGET_USER"
}

install_rules() {
    local staged
    staged="$(mktemp)"
    render_rules >"$staged"
    info "installing $RULE_DIR/$RULE_NAME"
    as_root install -m 0644 -o root -g root "$staged" "$RULE_DIR/$RULE_NAME"
    rm -f "$staged"
}

load_drivers() {
    local drv
    for drv in "${DRIVERS[@]}"; do
        if ! lsmod | grep -q "^$drv "; then
            info "loading $drv"
            as_root modprobe "$drv" || info "module $drv not available"
        fi
    done
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
    as_root systemctl restart systemd-udevd.service
}

show_result() {
    cat <<EOF

Setup complete. Log out and back in so $TARGET_USER picks up the new groups.
Pump boards will appear as:
$(for n in "${!BOARDS[@]}"; do echo "  /dev/pump-$n"; done)
EOF
}

for step in ensure_group install_rules load_drivers reload_udev show_result; do
    "$step"
done
