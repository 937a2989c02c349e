#!/usr/bin/env bash
# Label printer setup for the packing bench: lets the shipping user print
# instrument case labels and certificate stickers on the USB label printer.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0922}"
PRODUCT_ID="${PRODUCT_ID:-1001}"
PRINT_GROUP="${PRINT_GROUP:-lp}"
QUEUE="${QUEUE:-case_labels}"
RULE_NAME="${RULE_NAME:-72-case-labels.rules}"

rules_dir() { printf '/%s/%s/%s' etc udev rules.d; }

step() { echo "==> $*"; }

elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    echo "no privilege tool found" >&2
    return 1
}

install_rule() {
    local target
    target="$(rules_dir)/$RULE_NAME"
    step "writing $target"
    elevate tee "$target" >/dev/null <<EOF
# case label printer on the packing bench
SUBSYSTEM=="usb", ATTR{idVendor}=="$VENDOR_ID", ATTR{idProduct}=="$PRODUCT_ID", MODE="0664", GROUP="$PRINT_GROUP"
EOF
    elevate chmod 0644 "$target"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
}

join_group() {
    if id -nG "$USER" | tr ' ' '\n' | grep -qx "$PRINT_GROUP"; then
        step "$USER already in $PRINT_GROUP"
    else
        step "adding $USER to $PRINT_GROUP"
        elevate usermod -aG "$PRINT_GROUP" "$USER"
    fi
}

setup_queue() {
    local uri
    uri=$(lpinfo -v 2>/dev/null | awk '/usb:\/\//{print $2; exit}')
    if [[ -z "$uri" ]]; then
        step "printer not detected; plug it in and rerun"
        return 0
    fi
    step "creating queue $QUEUE on $uri"
    elevate lpadmin -p "$QUEUE" -E -v "$uri" -m raw
    elevate systemctl restart cups
}

test_label() {
    local tmp
    tmp=$(mktemp --suffix=.txt)
    printf 'VIOLIN 4/4 - No. %s\nSpruce / flamed maple\n' "${TEST_SERIAL:-2024-031}" > "$tmp"
    lp -d "$QUEUE" "$tmp" && step "test label sent"
    rm -f "$tmp"
}

steps=(install_rule join_group setup_queue)

main() {
    local s
    for s in "${steps[@]}"; do
        "$s"
    done
    [[ "${1:-}" == "--test" ]] && test_label
    step "done; log out and back in for the group change"
}

main "$@"
