#!/usr/bin/env bash
# Set up the USB temperature probes on a cold-room logger box.
#
# The probes show up as CP210x serial adapters. This gives them stable
# names (/dev/coldroom-N) and lets the "florist" group read them, so the
# logger does not need to run as root.

set -euo pipefail

GROUP="${PROBE_GROUP:-florist}"
VENDOR="10c4"
PRODUCT="ea60"
RULE_NAME="72-coldroom-probes.rules"
RULE_DIR="/etc/udev/rules.d"
DRIVER="cp210x"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-g group]" >&2
    exit 64
}

while getopts ":ng:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        g) GROUP="$OPTARG" ;;
        *) usage ;;
    esac
done

# run privileged steps through whatever elevation the box has
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            echo "$tool"
            return
        fi
    done
    echo ""
}
PRIV="$(elevate)"

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        $PRIV "$@"
    fi
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$VENDOR" "$PRODUCT"
    printf 'GROUP="%s", MODE="0660", SYMLINK+="coldroom-%%n"\n' "$GROUP"
}

install_rule() {
    local tmp
    tmp="$(mktemp ./rule.XXXXXX)"
    rule_text > "$tmp"
    echo "installing $RULE_DIR/$RULE_NAME"
    run install -m 0644 -o root -g root "$tmp" "$RULE_DIR/$RULE_NAME"
    rm -f "$tmp"
}

load_driver() {
    if lsmod | grep -q "^${DRIVER} "; then
        echo "$DRIVER already loaded"
    else
        run modprobe "$DRIVER"
    fi
}

fix_existing_nodes() {
    # nodes that are already present keep their old owner until replug
    local dev
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        run chgrp "$GROUP" "$dev"
        run chmod 0660 "$dev"
        echo "adjusted $dev"
    done
}

reload_udev() {
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=tty
}

main() {
    if ! getent group "$GROUP" >/dev/null; then
        echo "group $GROUP does not exist, create it first" >&2
        exit 1
    fi
    load_driver
    install_rule
    fix_existing_nodes
    reload_udev
    echo "done; probes will appear as /dev/coldroom-*"
}

main
