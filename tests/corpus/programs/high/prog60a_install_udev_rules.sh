#!/usr/bin/env bash
# pyprobe/scripts/install-udev-rules.sh
#
# Give members of the "plugdev" group raw USB access to the logic analysers
# and debug probes supported by pyprobe, so that `pyprobe capture` works
# without root.  Shipped inside the wheel as pyprobe/data/scripts/ and
# invoked by `pyprobe setup-permissions`.

set -euo pipefail

RULES_NAME="60-pyprobe.rules"
RULES_DIR="/etc/udev/rules.d"
GROUP="${PYPROBE_GROUP:-plugdev}"
UNINSTALL=0

# vendor:product  description
DEVICES=(
    "0925:3881 Saleae Logic (fx2)"
    "21a9:1001 Saleae Logic 8"
    "1d50:608c Black Magic Probe"
    "0483:374b ST-LINK/V2-1"
    "1366:0105 SEGGER J-Link"
    "0d28:0204 CMSIS-DAP (DAPLink)"
)

msg() { printf '\033[1m==>\033[0m %s\n' "$*"; }
err() { printf 'error: %s\n' "$*" >&2; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -- "$@"
    else
        err "need root privileges (install sudo or run as root)"
        exit 1
    fi
}

render_rules() {
    printf '# Installed by pyprobe %s -- do not edit\n' "${PYPROBE_VERSION:-dev}"
    local entry ids desc vid pid
    for entry in "${DEVICES[@]}"; do
        ids="${entry%% *}"
        desc="${entry#* }"
        vid="${ids%%:*}"
        pid="${ids##*:}"
        printf '# %s\n' "$desc"
        printf 'SUBSYSTEM=="usb", ATTR{idVendor}=="%s", ATTR{idProduct}=="%s", MODE="0660", GROUP="%s", TAG+="uaccess"\n' \
            "$vid" "$pid" "$GROUP"
    done
}

install_rules() {
    if ! getent group "$GROUP" >/dev/null; then
        msg "creating group $GROUP"
        as_root groupadd --system "$GROUP"
    fi
    msg "writing $RULES_DIR/$RULES_NAME"
    render_rules | as_root tee "$RULES_DIR/$RULES_NAME" >/dev/null
    as_root chmod 0644 "$RULES_DIR/$RULES_NAME"
    if ! id -nG "${SUDO_USER:-$USER}" | tr ' ' '\n' | grep -qx "$GROUP"; then
        msg "adding ${SUDO_USER:-$USER} to $GROUP (log out and back in afterwards)"
        as_root usermod -aG "$GROUP" "${SUDO_USER:-$USER}"
    fi
}

uninstall_rules() {
    msg "removing $RULES_DIR/$RULES_NAME"
    as_root rm -f "$RULES_DIR/$RULES_NAME"
}

reload_udev() {
    msg "reloading udev"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --action=change
}

case "${1:-install}" in
    install) ;;
    uninstall|--uninstall) UNINSTALL=1 ;;
    --print) render_rules; exit 0 ;;
    *) err "usage: $0 [install|uninstall|--print]"; exit 2 ;;
esac

if [[ "$(uname -s)" != "Linux" ]]; then
    err "udev rules only apply to Linux"
    exit 0
fi

if [[ $UNINSTALL -eq 1 ]]; then
    uninstall_rules
else
    install_rules
fi
reload_udev
msg "done"
