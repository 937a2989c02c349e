#!/bin/sh
# Start a throw-away QEMU dev box (user-mode networking, no root needed) and
# make its VNC display and SSH port reachable from the rest of the team LAN.
#
#   devbox.sh start [image.qcow2]   boot the VM in the background
#   devbox.sh status                show pid and ports
#   devbox.sh stop                  power the VM off via the monitor socket
#
# Configuration can be overridden in ./devbox.conf (sourced if present).

IMAGE="./devbox.qcow2"
MEM=4096
CPUS=2
VNC_DISPLAY=7            # TCP 5907
SSH_FWD_PORT=2222
ACCEL="tcg"
STATE_DIR="/tmp/qemu-devbox"
PIDFILE="$STATE_DIR/qemu.pid"
MONITOR="$STATE_DIR/monitor.sock"
SERIAL_LOG="$STATE_DIR/serial.log"

[ -f ./devbox.conf ] && . ./devbox.conf

say() { echo "devbox: $*"; }
fail() { echo "devbox: error: $*" >&2; exit 1; }

is_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_vm() {
    [ -n "$1" ] && IMAGE="$1"
    [ -f "$IMAGE" ] || fail "image $IMAGE not found"
    command -v qemu-system-x86_64 >/dev/null 2>&1 || fail "qemu-system-x86_64 missing"
    if is_running; then
        say "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    mkdir -p "$STATE_DIR"
    : > "$SERIAL_LOG"

    qemu-system-x86_64 \
        -name devbox \
        -machine q35,accel="$ACCEL" \
        -m "$MEM" -smp "$CPUS" \
        -drive file="$IMAGE",if=virtio,format=qcow2,cache=writeback \
        -netdev user,id=n0,hostfwd=tcp:0.0.0.0:"$SSH_FWD_PORT"-:22 \
        -device virtio-net-pci,netdev=n0 \
        -vnc 0.0.0.0:"$VNC_DISPLAY" \
        -monitor unix:"$MONITOR",server,nowait \
        -serial file:"$SERIAL_LOG" \
        -pidfile "$PIDFILE" \
        -daemonize || fail "qemu failed to start"

    host_ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    say "started pid $(cat "$PIDFILE")"
    say "VNC  : ${host_ip:-<host>}:$((5900 + VNC_DISPLAY))"
    say "SSH  : ssh -p $SSH_FWD_PORT dev@${host_ip:-<host>}"
}

status_vm() {
    if is_running; then
        say "running, pid $(cat "$PIDFILE")"
        say "serial log: $SERIAL_LOG ($(wc -l < "$SERIAL_LOG") lines)"
    else
        say "not running"
        return 1
    fi
}

stop_vm() {
    is_running || { say "not running"; return 0; }
    if command -v socat >/dev/null 2>&1; then
        echo "system_powerdown" | socat - UNIX-CONNECT:"$MONITOR" >/dev/null
        i=0
        while is_running && [ $i -lt 30 ]; do
            sleep 1; i=$((i + 1))
        done
    fi
    if is_running; then
        say "guest did not power down, sending SIGTERM"
        kill "$(cat "$PIDFILE")"
    fi
    rm -f "$PIDFILE" "$MONITOR"
    say "stopped"
}

case "${1:-}" in
    start)  shift; start_vm "$@" ;;
    status) status_vm ;;
    stop)   stop_vm ;;
    *)      sed -n '2,9p' "$0" | cut -c3-; exit 2 ;;
esac
