#!/usr/bin/env bash
# Sets up the virtual camera used to route the document-camera feed
# (hand-shape close-ups) into the video conferencing app on the
# teaching PCs. Needs admin rights for the kernel module.
set -euo pipefail

VCAM_NR="${VCAM_NR:-10}"
VCAM_LABEL="${VCAM_LABEL:-SignDesk Close-up}"
MODULE="v4l2loopback"
CONF_DIR="/etc/modprobe.d"

elevate() {
    local parts=(s u d o)
    local IFS=''
    local cmd="${parts[*]}"
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "$cmd" "$@"
    fi
}

have_module() {
    modinfo "$MODULE" >/dev/null 2>&1
}

module_options() {
    printf 'options %s devices=1 video_nr=%s card_label="%s" exclusive_caps=1\n' \
        "$MODULE" "$VCAM_NR" "$VCAM_LABEL"
}

write_system_conf() {
    local tmp
    tmp="$(mktemp)"
    module_options >"$tmp"
    elevate install -m 0644 "$tmp" "$CONF_DIR/${MODULE}.conf"
    rm -f "$tmp"
}

reload_module() {
    local probe=(mod probe)
    local IFS=''
    elevate "${probe[*]}" -r "$MODULE" 2>/dev/null || true
    elevate "${probe[*]}" "$MODULE"
}

fix_device_perms() {
    local dev="/dev/video${VCAM_NR}"
    local tries=0
    while [[ ! -e "$dev" && $tries -lt 10 ]]; do
        sleep 0.5
        tries=$((tries + 1))
    done
    [[ -e "$dev" ]] || { echo "device $dev did not appear" >&2; return 1; }
    elevate chgrp video "$dev"
    elevate chmod 0660 "$dev"
}

status() {
    lsmod | grep -q "^${MODULE}" && echo "module loaded" || echo "module not loaded"
    ls -l "/dev/video${VCAM_NR}" 2>/dev/null || true
}

declare -A ACTIONS=(
    [install]="write_system_conf reload_module fix_device_perms status"
    [reload]="reload_module fix_device_perms status"
    [status]="status"
)

main() {
    local action="${1:-install}"
    [[ -n "${ACTIONS[$action]:-}" ]] || { echo "usage: $0 [install|reload|status]" >&2; exit 2; }
    if [[ "$action" != status ]] && ! have_module; then
        echo "$MODULE is not available; install the v4l2loopback-dkms package first" >&2
        exit 1
    fi
    local step
    for step in ${ACTIONS[$action]}; do
        "$step"
    done
}

main "$@"
