#!/bin/bash
# Gives the sauna staff group access to the USB temperature probes
# plugged into the back office PC, so the logging app can run unprivileged.
set -eu

GROUP="${PROBE_GROUP:-saunastaff}"
RULES_DIR="/etc/udev/rules.d"
RULE_FILE="$RULES_DIR/72-sauna-probes.rules"
# vendor:product pairs of the probes in use
PROBES=("16c0:0480" "0403:6015" "1a86:7523")

info() { echo "probe-setup: $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_lines() {
    local pair vid pid
    echo "# sauna temperature probes, managed by $(basename "$0")"
    for pair in "${PROBES[@]}"; do
        vid="${pair%%:*}"
        pid="${pair##*:}"
        printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "$vid" "$pid" "$GROUP"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "$vid" "$pid" "$GROUP"
    done
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        as_root groupadd --system "$GROUP"
        info "created group $GROUP"
    fi
}

install_rules() {
    local tmp
    tmp="$(mktemp)"
    rule_lines > "$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        info "rules unchanged"
        rm -f "$tmp"
        return 1
    fi
    as_root install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
    info "wrote $RULE_FILE"
}

reload_rules() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --subsystem-match=tty
    info "udev reloaded"
}

main() {
    case "${1:-apply}" in
        show) rule_lines ;;
        apply)
            ensure_group
            if install_rules; then
                reload_rules
            fi
            ;;
        *) echo "usage: $0 [show|apply]" >&2; exit 2 ;;
    esac
}

main "$@"
