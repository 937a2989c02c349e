#!/usr/bin/env bash
# Label printer setup for the potting bench (Zebra-style USB printer that
# prints species / price tags). Loads the USB printer driver, lets the bench
# user write to the device and registers the queue with CUPS.
set -euo pipefail

BENCH_USER="${BENCH_USER:-${SUDO_USER:-$USER}}"
QUEUE="${LABEL_QUEUE:-bench_labels}"
DEVICE="${LABEL_DEVICE:-/dev/usb/lp0}"
PPD_SRC="${PPD_SRC:-./ppd/zpl_2inch.ppd}"

log() { printf '[label-setup] %s\n' "$*" >&2; }

as_root() {
    local -a elev=(sudo)
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "${elev[@]}" "$@"
    fi
}

load_driver() {
    local mod="usb""lp"
    if ! lsmod | grep -q "^$mod"; then
        as_root modprobe "$mod"
        log "loaded $mod"
    fi
}

grant_device() {
    local tries=0
    while [[ ! -e "$DEVICE" && $tries -lt 10 ]]; do
        sleep 1
        tries=$((tries + 1))
    done
    if [[ ! -e "$DEVICE" ]]; then
        log "no device at $DEVICE, is the printer on?"
        return 1
    fi
    as_root usermod -aG lp "$BENCH_USER"
    as_root chmod 0666 "$DEVICE"
    log "$BENCH_USER can now write to $DEVICE"
}

install_ppd() {
    local dest="/usr/share/cups/model/$(basename "$PPD_SRC")"
    if [[ -f "$PPD_SRC" ]]; then
        as_root install -m 0644 "$PPD_SRC" "$dest"
        log "ppd installed at $dest"
    fi
    echo "$dest"
}

register_queue() {
    local ppd="$1"
    as_root lpadmin -p "$QUEUE" -E -v "file:$DEVICE" -P "$ppd"
    as_root lpadmin -d "$QUEUE"
    log "queue $QUEUE registered and set as default"
}

test_label() {
    local tmp
    tmp=$(mktemp --suffix=.zpl)
    cat > "$tmp" <<'EOF'
^XA
^FO30,30^A0N,40,40^FDJuniperus chinensis^FS
^FO30,80^A0N,30,30^FD$ 45.00  - 8yr^FS
^XZ
EOF
    lp -d "$QUEUE" -o raw "$tmp"
    rm -f "$tmp"
}

main() {
    load_driver
    grant_device
    ppd=$(install_ppd)
    register_queue "$ppd"
    [[ "${1:-}" == "--test" ]] && test_label
    log "done"
}

main "$@"
