#!/usr/bin/env bash
# Bring up a lab test rig from a step list.
#   labrig.sh [steps-file]     (default: ./rig.steps)
# Each non-comment line of the steps file is "<step> [args...]" and is
# dispatched to the matching step_* function below, e.g.
#   module  ftdi_sio
#   serial  /dev/ttyUSB0
#   udev    0403 6001 labrig-ftdi
#   scratch /dev/sdb1 /mnt/rig-scratch
set -euo pipefail

STEPS_FILE="${1:-./rig.steps}"
RIG_GROUP="${RIG_GROUP:-plugdev}"
LOG_FILE="./labrig-$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
fi

step_module() {
    local mod="$1"
    if lsmod | awk '{print $1}' | grep -qx "$mod"; then
        log "module $mod already loaded"
    else
        $SUDO modprobe "$mod"
        log "loaded module $mod"
    fi
}

step_serial() {
    local dev="$1"
    [[ -c "$dev" ]] || { log "no character device $dev"; return 1; }
    $SUDO chgrp "$RIG_GROUP" "$dev"
    $SUDO chmod 0660 "$dev"
    log "granted $RIG_GROUP access to $dev"
}

step_udev() {
    local vendor="$1" product="$2" link="$3"
    local rule="/etc/udev/rules.d/70-${link}.rules"
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="%s", GROUP="%s", MODE="0660"\n' \
        "$vendor" "$product" "$link" "$RIG_GROUP" | $SUDO tee "$rule" >/dev/null
    $SUDO udevadm control --reload-rules
    $SUDO udevadm trigger --subsystem-match=tty
    log "installed $rule"
}

step_scratch() {
    local dev="$1" mnt="$2"
    if findmnt -rn "$mnt" >/dev/null; then
        log "$mnt already mounted"
        return 0
    fi
    $SUDO mkdir -p "$mnt"
    $SUDO mount -o noatime,nodev,nosuid "$dev" "$mnt"
    $SUDO chown "$(id -u):$(id -g)" "$mnt"
    log "mounted $dev on $mnt"
}

step_note() {
    log "note: $*"
}

run_steps() {
    local lineno=0 step
    local -a args
    while read -r step rest || [[ -n "${step:-}" ]]; do
        lineno=$((lineno + 1))
        [[ -z "${step:-}" || "$step" == \#* ]] && continue
        read -r -a args <<< "${rest:-}"
        if ! declare -F "step_$step" >/dev/null; then
            log "line $lineno: unknown step '$step'"
            return 1
        fi
        log "line $lineno: $step ${args[*]:-}"
        "step_$step" "${args[@]}"
    done < "$STEPS_FILE"
}

[[ -r "$STEPS_FILE" ]] || { echo "cannot read $STEPS_FILE" >&2; exit 2; }
run_steps
log "rig bring-up complete"
