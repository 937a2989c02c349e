#!/bin/sh
# Give the fryer temperature probes a stable device name and let the
# kitchen group read them without root.

set -eu

RULE_DIR="/etc/udev/rules.d"
RULE_FILE="$RULE_DIR/72-fryer-probe.rules"
PROBE_GROUP="${PROBE_GROUP:-kitchen}"
VENDOR_ID="${PROBE_VENDOR:-1a86}"
PRODUCT_ID="${PROBE_PRODUCT:-7523}"
LINK_NAME="${PROBE_LINK:-fryer_probe}"

msg() {
    echo "fryer-probe: $*"
}

need_tools() {
    for tool in udevadm getent sudo; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            msg "missing $tool"
            exit 1
        fi
    done
}

ensure_group() {
    if ! getent group "$PROBE_GROUP" >/dev/null; then
        msg "creating group $PROBE_GROUP"
        sudo groupadd --system "$PROBE_GROUP"
    fi
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
        "$VENDOR_ID" "$PRODUCT_ID"
    printf 'GROUP="%s", MODE="0660", SYMLINK+="%s%%n"\n' "$PROBE_GROUP" "$LINK_NAME"
}

install_rule() {
    tmp="$(mktemp)"
    rule_text > "$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        msg "rule unchanged"
        rm -f "$tmp"
        return 1
    fi
    sudo install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
    msg "rule written to $RULE_FILE"
    return 0
}

reload_rules() {
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=add
    msg "udev rules reloaded"
}

add_operator() {
    who="${1:-}"
    [ -n "$who" ] || return 0
    if ! id -nG "$who" | tr ' ' '\n' | grep -qx "$PROBE_GROUP"; then
        sudo usermod -aG "$PROBE_GROUP" "$who"
        msg "added $who to $PROBE_GROUP (log out and back in)"
    fi
}

list_probes() {
    found=0
    for dev in /dev/"$LINK_NAME"*; do
        [ -e "$dev" ] || continue
        ls -l "$dev"
        found=$((found + 1))
    done
    msg "$found probe(s) visible"
}

main() {
    need_tools
    ensure_group
    if install_rule; then
        reload_rules
    fi
    add_operator "${SUDO_USER:-${USER:-}}"
    list_probes
}

main "$@"
