#!/usr/bin/env bash
# dccex_serial_setup.sh - prepare a Raspberry Pi / laptop to talk to the
# club's DCC-EX command station over USB.
#
# Finds the Arduino (Mega or Uno clone), gives it a stable /dev/dccex name so
# JMRI and the WiThrottle bridge don't break when the port number changes,
# puts the operator in the dialout group and writes a station.conf for the
# bridge.  Re-run it after swapping command stations.
set -euo pipefail

CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/dccex"
RULE_NAME="99-dccex-command-station.rules"
LINK_NAME="dccex"
BAUD=115200
ASSUME_YES=0

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*" >&2; }

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "$1 [y/N] " reply
    [[ "$reply" =~ ^[Yy] ]]
}

find_station() {
    local dev
    for dev in /dev/serial/by-id/*; do
        [[ -e "$dev" ]] || continue
        case "$(basename "$dev")" in
            *Arduino*|*1a86*|*CH340*|*wch.cn*|*2341*)
                readlink -f "$dev"; return 0 ;;
        esac
    done
    return 1
}

usb_attr() {
    udevadm info --query=property --name="$1" | sed -n "s/^$2=//p" | head -n1
}

install_rule() {
    local vid="$1" pid="$2" serial="$3" rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\""
    [[ -n "$serial" ]] && rule+=", ATTRS{serial}==\"$serial\""
    rule+=", SYMLINK+=\"$LINK_NAME\", GROUP=\"dialout\", MODE=\"0660\""

    info "installing udev rule /etc/udev/rules.d/$RULE_NAME"
    printf '# DCC-EX command station (written by %s)\n%s\n' "$(basename "$0")" "$rule" \
        | sudo tee "/etc/udev/rules.d/$RULE_NAME" >/dev/null
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
}

join_dialout() {
    if id -nG "$USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$USER already in dialout"
        return
    fi
    info "adding $USER to dialout (log out and back in afterwards)"
    sudo usermod -aG dialout "$USER"
}

write_conf() {
    mkdir -p "$CONF_DIR"
    cat > "$CONF_DIR/station.conf" <<EOF
# generated $(date -Iseconds)
serial_port=/dev/$LINK_NAME
baud=$BAUD
vendor=$1
product=$2
EOF
    chmod 0600 "$CONF_DIR/station.conf"
    info "wrote $CONF_DIR/station.conf"
}

main() {
    [[ "${1:-}" == "-y" ]] && ASSUME_YES=1
    command -v udevadm >/dev/null || { warn "udevadm not found - is this Linux?"; exit 1; }

    local tty
    if ! tty="$(find_station)"; then
        warn "no command station found - plug it in and re-run"
        exit 1
    fi
    info "command station on $tty"

    local vid pid serial
    vid="$(usb_attr "$tty" ID_VENDOR_ID)"
    pid="$(usb_attr "$tty" ID_MODEL_ID)"
    serial="$(usb_attr "$tty" ID_SERIAL_SHORT)"
    info "USB id $vid:$pid serial ${serial:-none}"

    if confirm "Create /dev/$LINK_NAME for this board?"; then
        install_rule "$vid" "$pid" "$serial"
    fi
    join_dialout
    write_conf "$vid" "$pid"

    sleep 1
    if [[ -e "/dev/$LINK_NAME" ]]; then
        info "done - /dev/$LINK_NAME -> $(readlink -f "/dev/$LINK_NAME")"
    else
        warn "/dev/$LINK_NAME not there yet; unplug and replug the command station"
    fi
}

main "$@"
