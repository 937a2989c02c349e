#!/bin/sh
# benchmarks/prepare-host.sh -- kernel settings for the vecstore benchmark suite.
#
# vecstore memory-maps thousands of segment files and opens many sockets in
# the load generator.  Default kernel limits make the "large" suites fail, so
# the bench runner calls this script before `python -m vecstore.bench`.
#   --persist   also write /etc/sysctl.d so the settings survive reboots
#   --check     only report current values

set -eu

CONF_FILE=/etc/sysctl.d/90-vecstore-bench.conf
PERSIST=0
CHECK_ONLY=0

# key=value pairs required by the suites
SETTINGS="
vm.max_map_count=1048576
vm.swappiness=1
fs.file-max=2097152
net.core.somaxconn=65535
net.ipv4.ip_local_port_range=10240 65000
net.ipv4.tcp_tw_reuse=1
"

log() { echo "prepare-host: $*" >&2; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo -n "$@" || { log "cannot elevate; run as root"; exit 1; }
    fi
}

for arg in "$@"; do
    case "$arg" in
        --persist) PERSIST=1 ;;
        --check) CHECK_ONLY=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown argument $arg"; exit 2 ;;
    esac
done

report() {
    echo "$SETTINGS" | while IFS='=' read -r key want; do
        [ -n "$key" ] || continue
        have=$(sysctl -n "$key" 2>/dev/null | tr '\t' ' ' || echo '?')
        printf '%-32s want=%-14s have=%s\n' "$key" "$want" "$have"
    done
}

apply_runtime() {
    echo "$SETTINGS" | while IFS='=' read -r key value; do
        [ -n "$key" ] || continue
        elevate sysctl -q -w "$key=$value"
    done
}

write_persistent() {
    log "writing $CONF_FILE"
    {
        echo "# vecstore benchmark host settings"
        echo "$SETTINGS" | sed '/^$/d; s/=/ = /'
    } | elevate tee "$CONF_FILE" >/dev/null
    elevate sysctl -q --system
}

if [ "$CHECK_ONLY" -eq 1 ]; then
    report
    exit 0
fi

apply_runtime
if [ "$PERSIST" -eq 1 ]; then
    write_persistent
fi
if [ -e /sys/kernel/mm/transparent_hugepage/enabled ]; then
    echo never | elevate tee /sys/kernel/mm/transparent_hugepage/enabled >/dev/null
fi
report
log "host ready"
