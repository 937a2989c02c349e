#!/usr/bin/env bash
# Set up the label printer and receipt printer on a depot loading-bay PC.
# Run once after imaging; safe to re-run.
set -euo pipefail

PRINT_USER="${PRINT_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="71-depot-printers.rules"
RULE_DIR="/etc/udev/rules.d"
CUPS_CONF_DIR="/etc/cups"
QUEUE_LABEL="bay-labels"
QUEUE_RECEIPT="bay-receipts"

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

info() { printf '\033[1m%s\033[0m\n' "$*"; }

rule_text() {
    cat <<'EOF'
# depot label printer (Zebra) and receipt printer (Epson)
SUBSYSTEM=="usb", ATTRS{idVendor}=="0a5f", MODE="0664", GROUP="lp", SYMLINK+="label-printer"
SUBSYSTEM=="usb", ATTRS{idVendor}=="04b8", MODE="0664", GROUP="lp", SYMLINK+="receipt-printer"
EOF
}

install_rule() {
    local tmp
    tmp="$(mktemp)"
    rule_text > "$tmp"
    if priv cmp -s "$tmp" "${RULE_DIR}/${RULE_NAME}"; then
        info "udev rule already current"
    else
        priv install -m 0644 -o root -g root "$tmp" "${RULE_DIR}/${RULE_NAME}"
        priv udevadm control --reload-rules
        priv udevadm trigger --subsystem-match=usb
        info "udev rule installed"
    fi
    rm -f "$tmp"
}

join_group() {
    if id -nG "$PRINT_USER" | tr ' ' '\n' | grep -qx lp; then
        info "$PRINT_USER already in lp"
    else
        priv usermod -aG lp "$PRINT_USER"
        info "added $PRINT_USER to lp (log out and back in)"
    fi
}

configure_cups() {
    local conf="${CUPS_CONF_DIR}/cupsd.conf"
    if ! priv grep -q '^Browsing No' "$conf"; then
        priv sed -i 's/^Browsing .*/Browsing No/' "$conf"
    fi
    priv systemctl restart cups
    info "cups restarted"
}

add_queues() {
    local -A queues=(
        ["$QUEUE_LABEL"]="usb://Zebra/ZD421"
        ["$QUEUE_RECEIPT"]="usb://EPSON/TM-T20III"
    )
    local q
    for q in "${!queues[@]}"; do
        if lpstat -p "$q" >/dev/null 2>&1; then
            info "queue $q exists"
            continue
        fi
        priv lpadmin -p "$q" -E -v "${queues[$q]}" -m raw
        info "queue $q added"
    done
    priv lpadmin -d "$QUEUE_RECEIPT"
}

main() {
    local steps=(install_rule join_group configure_cups add_queues)
    local s
    for s in "${steps[@]}"; do
        info "-- $s"
        "$s"
    done
    info "printers ready on $(hostname)"
}

main "$@"
