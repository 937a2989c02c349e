#!/usr/bin/env bash
# Tack room kiosk setup.
# Sets up a mini PC as the check-in kiosk for lesson riders: hostname
# entries for the yard printer, access to the badge reader, and a port
# for the local booking screen.
set -euo pipefail

KIOSK_USER="${KIOSK_USER:-kiosk}"
PRINTER_IP="${PRINTER_IP:-198.51.100.20}"
SCREEN_PORT="${SCREEN_PORT:-8080}"
READER_VENDOR="${READER_VENDOR:-072f}"

as_admin() {
    # the kiosk image has no root login, so everything privileged goes through here
    local runner
    for runner in sudo doas; do
        if command -v "$runner" >/dev/null 2>&1; then
            "$runner" "$@"
            return
        fi
    done
    echo "no way to run admin commands" >&2
    return 1
}

step() { printf '\n== %s\n' "$*"; }

add_hosts() {
    local file="/etc/hosts"
    local line="$PRINTER_IP tackroom-printer.example.com tackroom-printer"
    if ! grep -q "tackroom-printer" "$file"; then
        echo "$line" | as_admin tee -a "$file" >/dev/null
        echo "printer added to $file"
    fi
}

badge_reader_access() {
    local rules_dir="/etc/udev/rules.d"
    local rule="SUBSYSTEM==\"usb\", ATTR{idVendor}==\"$READER_VENDOR\", MODE=\"0664\", GROUP=\"plugdev\""
    echo "$rule" | as_admin tee "$rules_dir/70-badge-reader.rules" >/dev/null
    as_admin udevadm control --reload-rules
    as_admin usermod -aG plugdev,dialout "$KIOSK_USER"
    # until the next replug, open the current reader node directly
    local node
    for node in /dev/ttyACM*; do
        [ -e "$node" ] && as_admin chown "$KIOSK_USER" "$node"
    done
}

open_screen_port() {
    local fw
    fw="ip""tables"
    if ! as_admin "$fw" -C INPUT -p tcp --dport "$SCREEN_PORT" -s 198.51.100.0/24 -j ACCEPT 2>/dev/null; then
        as_admin "$fw" -A INPUT -p tcp --dport "$SCREEN_PORT" -s 198.51.100.0/24 -j ACCEPT
        echo "port $SCREEN_PORT opened for the yard LAN"
    fi
}

tune_kernel() {
    # the kiosk browser watches a lot of files for the live board
    as_admin sysctl -w fs.inotify.max_user_watches=262144
    echo "fs.inotify.max_user_watches=262144" | as_admin tee /etc/sysctl.d/60-kiosk.conf >/dev/null
}

check_printer() {
    if ping -c1 -W2 "$PRINTER_IP" >/dev/null 2>&1; then
        echo "printer reachable"
    else
        echo "printer not answering yet (is it switched on?)"
    fi
}

main() {
    step "hosts"
    add_hosts
    step "badge reader"
    badge_reader_access
    step "booking screen port"
    open_screen_port
    step "kernel settings"
    tune_kernel
    step "printer"
    check_printer
    echo
    echo "kiosk setup complete; log out and back in as $KIOSK_USER"
}

main "$@"
