#!/usr/bin/env bash
# Turnstile barcode reader install
#
# Sets up a gate PC for the USB barcode readers used on the turnstiles:
# gives the readers a stable device name, lets the gate service open them
# and restarts the reader service so it picks up the new devices.
set -eu

VENDOR_ID="${VENDOR_ID:-0c2e}"
PRODUCT_ID="${PRODUCT_ID:-0b61}"
SERVICE="${SERVICE:-turnstile-reader}"
GATE_GROUP="${GATE_GROUP:-gateops}"
RULE_NAME="${RULE_NAME:-70-turnstile-reader.rules}"

msg() { printf '[reader-install] %s\n' "$*"; }

# pick whichever elevation helper this image ships with
pick_elevator() {
    local cand
    for cand in doas sudo pkexec; do
        if command -v "$cand" >/dev/null 2>&1; then
            echo "$cand"
            return 0
        fi
    done
    return 1
}

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="$(pick_elevator)" || { msg "no sudo/doas available, run as root"; exit 1; }
fi

rule_body() {
    cat <<EOF
# Turnstile barcode readers (gate ops)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", \\
  SYMLINK+="turnstile%n", GROUP="$GATE_GROUP", MODE="0660"
EOF
}

install_rule() {
    local dest
    dest="$(printf '/%s/%s/%s' etc udev rules.d)/$RULE_NAME"
    if [ -f "$dest" ] && rule_body | cmp -s - "$dest"; then
        msg "udev rule already current"
        return
    fi
    rule_body | $AS_ROOT tee "$dest" >/dev/null
    $AS_ROOT chmod 0644 "$dest"
    $AS_ROOT udevadm control --reload-rules
    $AS_ROOT udevadm trigger --subsystem-match=tty
    msg "installed $dest"
}

ensure_group() {
    if ! getent group "$GATE_GROUP" >/dev/null; then
        $AS_ROOT groupadd --system "$GATE_GROUP"
        msg "created group $GATE_GROUP"
    fi
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$GATE_GROUP"; then
        $AS_ROOT usermod -aG "$GATE_GROUP" "$USER"
        msg "added $USER to $GATE_GROUP (log out and back in)"
    fi
}

restart_service() {
    local unitctl="systemctl"
    if $unitctl list-unit-files "$SERVICE.service" >/dev/null 2>&1; then
        $AS_ROOT $unitctl daemon-reload
        $AS_ROOT $unitctl restart "$SERVICE.service"
        msg "restarted $SERVICE"
    else
        msg "service $SERVICE not installed yet, skipping restart"
    fi
}

list_readers() {
    local found=0
    for dev in /dev/turnstile*; do
        [ -e "$dev" ] || continue
        msg "reader present: $dev"
        found=$((found + 1))
    done
    [ "$found" -gt 0 ] || msg "no readers detected; check the USB cables"
}

install_rule
ensure_group
restart_service
sleep 1
list_readers
msg "done"
