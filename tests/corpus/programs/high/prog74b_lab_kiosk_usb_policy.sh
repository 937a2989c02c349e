#!/usr/bin/env bash
# Apply, lift or inspect the exam-period removable-media policy on a lab
# workstation.  During exams USB mass storage is refused at the udev and
# module level; keyboards, mice and the webcam keep working.
#
#   usb_policy.sh apply | lift | status
set -euo pipefail

RULE_FILE=/etc/udev/rules.d/85-exam-removable-media.rules
MODPROBE_CONF=/etc/modprobe.d/exam-usb-storage.conf
POLICY_LOG=${POLICY_LOG:-./usb-policy.log}
MODULES=(uas usb_storage)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$POLICY_LOG"; }

if [[ $EUID -ne 0 ]]; then
    SUDO=(sudo)
else
    SUDO=()
fi

render_rules() {
    cat <<'EOF'
# Managed by usb_policy.sh - exam period removable media lock
ACTION=="add", SUBSYSTEMS=="usb", ATTR{bInterfaceClass}=="08", ATTR{authorized}="0"
ACTION=="add", SUBSYSTEM=="block", ENV{ID_BUS}=="usb", ENV{UDISKS_IGNORE}="1"
EOF
}

render_modprobe() {
    local m
    for m in "${MODULES[@]}"; do
        printf 'install %s /bin/false\n' "$m"
    done
}

install_file() {
    # install_file DEST < content
    local dest=$1 tmp
    tmp=$(mktemp "./.policy.XXXXXX")
    cat > "$tmp"
    "${SUDO[@]}" install -o root -g root -m 0644 "$tmp" "$dest"
    rm -f "$tmp"
}

unload_modules() {
    local m
    for m in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            if "${SUDO[@]}" modprobe -r "$m"; then
                log "unloaded $m"
            else
                log "could not unload $m (device in use?)"
            fi
        fi
    done
}

reload_udev() {
    "${SUDO[@]}" udevadm control --reload-rules
    "${SUDO[@]}" udevadm trigger --subsystem-match=usb --action=change
}

apply_policy() {
    render_rules | install_file "$RULE_FILE"
    render_modprobe | install_file "$MODPROBE_CONF"
    unload_modules
    reload_udev
    log "removable media policy applied"
}

lift_policy() {
    "${SUDO[@]}" rm -f "$RULE_FILE" "$MODPROBE_CONF"
    reload_udev
    "${SUDO[@]}" modprobe usb_storage || true
    log "removable media policy lifted"
}

show_status() {
    local state=lifted
    [[ -f $RULE_FILE ]] && state=applied
    echo "policy:  $state"
    echo "modules: $(lsmod | awk '$1=="usb_storage"||$1=="uas"{printf "%s ", $1}')"
    echo "usb block devices:"
    lsblk -o NAME,TRAN,SIZE,MOUNTPOINT | awk 'NR==1||$2=="usb"'
}

case ${1:-status} in
    apply)  apply_policy ;;
    lift)   lift_policy ;;
    status) show_status ;;
    *) echo "usage: ${0##*/} apply|lift|status" >&2; exit 64 ;;
esac
