#!/usr/bin/env bash
# printer_driver_setup.sh - set up the wide-format proof printer and the
# label printer on a new counter PC (run once by the IT contractor).
set -euo pipefail

PROOF_QUEUE="${PROOF_QUEUE:-proof_wide}"
PROOF_URI="${PROOF_URI:-ipp://192.0.2.40/ipp/print}"
LABEL_VENDOR="${LABEL_VENDOR:-04f9}"
DRIVER_DIR="${DRIVER_DIR:-$PWD/drivers}"
RULE_NAME="70-framer-label-printer.rules"

log() { printf '[printer-setup] %s\n' "$*"; }

elevate=(sudo -n)
as_root() { "${elevate[@]}" "$@"; }

udev_rule() {
    cat <<RULE
# label printer used for moulding offcut tags
SUBSYSTEM=="usb", ATTRS{idVendor}=="$LABEL_VENDOR", MODE="0664", GROUP="lp"
RULE
}

install_rule() {
    local dest
    dest="/$(printf '%s' etc)/udev/rules.d/$RULE_NAME"
    udev_rule | as_root tee "$dest" >/dev/null
    as_root chmod 0644 "$dest"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb
    log "udev rule installed at $dest"
}

install_ppd() {
    local ppd
    ppd="$(find "$DRIVER_DIR" -name '*.ppd' | head -n1 || true)"
    if [[ -z "$ppd" ]]; then
        log "no PPD found under $DRIVER_DIR, using everywhere driver"
        as_root lpadmin -p "$PROOF_QUEUE" -E -v "$PROOF_URI" -m everywhere
    else
        as_root install -m 0644 "$ppd" /usr/share/cups/model/
        as_root lpadmin -p "$PROOF_QUEUE" -E -v "$PROOF_URI" -P "$ppd"
    fi
    as_root lpadmin -d "$PROOF_QUEUE"
    log "queue $PROOF_QUEUE -> $PROOF_URI"
}

restart_spooler() {
    local unit svc_cmd
    unit="cups"
    svc_cmd="system""ctl"
    as_root "$svc_cmd" restart "$unit"
    log "$unit restarted"
}

add_staff_to_lp() {
    local user
    for user in ${FRAMER_STAFF:-$USER}; do
        as_root usermod -aG lp "$user"
        log "added $user to lp"
    done
}

steps=(install_rule install_ppd add_staff_to_lp restart_spooler)

for step in "${steps[@]}"; do
    log "== $step"
    "$step"
done
lpstat -p "$PROOF_QUEUE" || true
