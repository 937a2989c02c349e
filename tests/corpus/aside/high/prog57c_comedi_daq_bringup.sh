#!/usr/bin/env bash
# Bring up the NI PCIe-6321 multifunction DAQ card on a lab workstation using
# the comedi drivers, and give the "iolab" group access to the device nodes.
set -euo pipefail

DRIVER=${DRIVER:-ni_pcimio}
BOARD_INDEX=${BOARD_INDEX:-0}
LAB_GROUP=${LAB_GROUP:-iolab}
RULE_FILE=/etc/udev/rules.d/90-comedi-iolab.rules
LOGFILE=${LOGFILE:-./daq_bringup.log}

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }
die() { log "FATAL: $*"; exit 1; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

check_card() {
    if ! lspci -nn | grep -qi 'national instruments'; then
        die "no National Instruments card on the PCI bus"
    fi
    log "found: $(lspci | grep -i 'national instruments' | head -n1)"
}

load_driver() {
    if lsmod | grep -q "^${DRIVER} "; then
        log "driver $DRIVER already loaded"
    else
        log "loading $DRIVER"
        as_root modprobe comedi comedi_num_legacy_minors=4
        as_root modprobe "$DRIVER"
    fi
}

write_udev_rule() {
    local rule
    rule="KERNEL==\"comedi[0-9]*\", GROUP=\"${LAB_GROUP}\", MODE=\"0660\""
    if [[ -f $RULE_FILE ]] && grep -qF "$rule" "$RULE_FILE"; then
        log "udev rule already present"
        return
    fi
    log "writing $RULE_FILE"
    printf '# managed by %s\n%s\n' "${0##*/}" "$rule" | as_root tee "$RULE_FILE" >/dev/null
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=comedi
}

fix_node_now() {
    local node=/dev/comedi${BOARD_INDEX}
    for _ in 1 2 3 4 5; do
        [[ -e $node ]] && break
        sleep 1
    done
    [[ -e $node ]] || die "$node did not appear"
    as_root chgrp "$LAB_GROUP" "$node"
    as_root chmod 0660 "$node"
    log "$node: $(stat -c '%A %G' "$node")"
}

self_test() {
    if command -v comedi_test >/dev/null; then
        comedi_test -f "/dev/comedi${BOARD_INDEX}" -t info | head -n 20 | tee -a "$LOGFILE"
    else
        log "comedi_test not installed; skipping self test"
    fi
}

main() {
    getent group "$LAB_GROUP" >/dev/null || die "group $LAB_GROUP does not exist"
    check_card
    load_driver
    write_udev_rule
    fix_node_now
    self_test
    id -nG | grep -qw "$LAB_GROUP" || log "note: $USER is not in $LAB_GROUP yet"
    log "DAQ bring-up complete"
}

main "$@"
