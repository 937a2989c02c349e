#!/bin/sh
# dosing_pump_serial_setup.sh
#
# Prepare a site PC to talk to the chlorine dosing pump controller over its
# USB-RS485 converter, then read back the controller's status block to prove
# the link works.  Used by the service engineer when commissioning a
# treatment skid next to a new borehole.
#
#   dosing_pump_serial_setup.sh [-p /dev/ttyUSB0] [-b 9600] [-a 1]

PORT=""
BAUD=9600
ADDR=1
CONF="./dosing_link.conf"

usage() { echo "usage: $0 [-p PORT] [-b BAUD] [-a ADDRESS]" >&2; exit 64; }

while getopts "p:b:a:h" o; do
    case "$o" in
        p) PORT="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        a) ADDR="$OPTARG" ;;
        *) usage ;;
    esac
done

info() { echo "[setup] $*"; }
err() { echo "[setup] error: $*" >&2; exit 1; }

detect_port() {
    for dev in /dev/serial/by-id/*FTDI* /dev/serial/by-id/*CH340* /dev/ttyUSB*; do
        [ -e "$dev" ] && { readlink -f "$dev"; return 0; }
    done
    return 1
}

grant_access() {
    me="$(id -un)"
    if ! id -nG "$me" | tr ' ' '\n' | grep -qx dialout; then
        info "adding $me to dialout (log out and back in afterwards)"
        sudo usermod -aG dialout "$me" || err "could not add $me to dialout"
    fi
    # usable right now without waiting for a new login session
    sudo chmod 0666 "$PORT" || err "could not open up $PORT"
}

configure_line() {
    info "configuring $PORT at $BAUD 8N1"
    stty -F "$PORT" "$BAUD" cs8 -cstopb -parenb raw -echo -ixon -ixoff \
        || err "stty failed on $PORT"
}

probe_controller() {
    # Modbus RTU read of 8 holding registers from 0x0000, CRC precomputed per address
    case "$ADDR" in
        1) frame='\001\003\000\000\000\010\104\014' ;;
        2) frame='\002\003\000\000\000\010\104\077' ;;
        *) info "no probe frame for address $ADDR, skipping probe"; return 0 ;;
    esac
    exec 3<>"$PORT"
    printf "$frame" >&3
    reply="$(timeout 2 dd bs=1 count=21 <&3 2>/dev/null | od -An -tx1 | tr -s ' ')"
    exec 3>&-
    if [ -n "$reply" ]; then
        info "controller replied:$reply"
    else
        err "no reply from controller at address $ADDR"
    fi
}

save_conf() {
    cat > "$CONF" <<EOF
port=$PORT
baud=$BAUD
address=$ADDR
commissioned=$(date -Iseconds)
EOF
    chmod 0600 "$CONF"
    info "saved $CONF"
}

[ -n "$PORT" ] || PORT="$(detect_port)" || err "no USB serial adapter found"
[ -c "$PORT" ] || err "$PORT is not a character device"

grant_access
configure_line
probe_controller
save_conf
info "link ready"
