#!/bin/sh
# Give the nursery incubator controllers stable device names on the
# nursery PC, so the logging script finds /dev/incubator-N after a reboot
# no matter which USB port each one is plugged into.
set -eu

RULES_DIR="${RULES_DIR:-/etc/udev/rules.d}"
RULE_NAME="72-nursery-incubators.rules"
VENDOR_ID="${INCUBATOR_VID:-10c4}"
PRODUCT_ID="${INCUBATOR_PID:-ea60}"
SERIALS_FILE="${SERIALS_FILE:-./incubators.txt}"

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_line() {
    # $1 serial, $2 index
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
        "$VENDOR_ID" "$PRODUCT_ID"
    printf 'ATTRS{serial}=="%s", SYMLINK+="incubator-%s", GROUP="dialout", MODE="0660"\n' \
        "$1" "$2"
}

render_rules() {
    cat <<EOF
# Nursery incubator controllers ($(date +%F))
# Serial numbers from $(basename "$SERIALS_FILE")
EOF
    n=1
    while read -r serial label; do
        case "$serial" in ''|\#*) continue ;; esac
        printf '# %s\n' "${label:-incubator $n}"
        rule_line "$serial" "$n"
        n=$((n + 1))
    done <"$SERIALS_FILE"
}

install_rules() {
    target="$RULES_DIR/$RULE_NAME"
    render_rules | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    echo "wrote $target"
}

reload_udev() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty --action=add
}

grant_user() {
    who="${SUDO_USER:-${USER:-}}"
    [ -n "$who" ] || return 0
    if ! id -nG "$who" | tr ' ' '\n' | grep -qx dialout; then
        elevate usermod -aG dialout "$who"
        echo "added $who to dialout (log out and in again)"
    fi
}

show() {
    ls -l /dev/incubator-* 2>/dev/null || echo "no incubators linked yet"
}

[ -f "$SERIALS_FILE" ] || {
    echo "missing $SERIALS_FILE (one 'SERIAL label' per line)" >&2
    exit 1
}

case "${1:-install}" in
    install)
        install_rules
        reload_udev
        grant_user
        sleep 1
        show
        ;;
    preview) render_rules ;;
    show) show ;;
    *) echo "usage: $0 [install|preview|show]" >&2; exit 2 ;;
esac
