#!/usr/bin/env bash
# turnstile_serial_setup.sh - hook up a USB-serial turnstile counter
#
# The Gunnebo-style turnstiles at the north and lakeside gates report their
# counts over an FTDI USB-serial lead. This finds the adapter, gives it a
# stable name (/dev/turnstile-<gate>), makes it readable by the gate office
# account and does a short test read so you can see counts arriving.
#
# usage: sudo-capable user: ./turnstile_serial_setup.sh <gate-name> [baud]

set -euo pipefail

GATE=${1:?usage: $0 <gate-name> [baud]}
BAUD=${2:-9600}
RULES=/etc/udev/rules.d/99-turnstile-${GATE}.rules
VENDOR=0403   # FTDI

log() { echo "[$(date +%T)] $*"; }

find_adapter() {
    local dev
    for dev in /dev/ttyUSB*; do
        [[ -e $dev ]] || continue
        if udevadm info -q property -n "$dev" | grep -q "ID_VENDOR_ID=$VENDOR"; then
            echo "$dev"
            return 0
        fi
    done
    return 1
}

serial_of() {
    udevadm info -q property -n "$1" | sed -n 's/^ID_SERIAL_SHORT=//p'
}

install_rule() {
    local serial=$1
    log "writing $RULES"
    sudo tee "$RULES" >/dev/null <<EOF
# turnstile counter for gate ${GATE}
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{serial}=="${serial}", SYMLINK+="turnstile-${GATE}", MODE="0666"
EOF
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
}

grant_access() {
    local dev=$1
    # rule applies on next plug; fix up the current node now as well
    sudo chmod 666 "$dev"
    if ! id -nG "$USER" | grep -qw dialout; then
        sudo usermod -aG dialout "$USER"
        log "added $USER to dialout (takes effect at next login)"
    fi
}

test_read() {
    local dev=$1
    stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw -echo
    log "reading for 10s from $dev at $BAUD baud (walk through the gate now)"
    timeout 10 cat "$dev" | tr -d '\r' | sed 's/^/    /' || true
}

adapter=$(find_adapter) || { log "no FTDI adapter found on /dev/ttyUSB*"; exit 1; }
serial=$(serial_of "$adapter")
[[ -n $serial ]] || { log "adapter $adapter has no serial number"; exit 1; }
log "found $adapter (serial $serial)"

install_rule "$serial"
grant_access "$adapter"
sleep 1
link=/dev/turnstile-${GATE}
if [[ -e $link ]]; then
    log "stable name $link -> $(readlink -f "$link")"
else
    link=$adapter
fi
test_read "$link"
log "done"
