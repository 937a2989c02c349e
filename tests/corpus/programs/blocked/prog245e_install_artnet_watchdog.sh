#!/usr/bin/env bash
# install_artnet_watchdog.sh - keep the Art-Net node watchdog running.
#
# The watchdog pings the Art-Net nodes on the rig and restarts the desk's
# output engine if they stop answering. It has to come back by itself after
# the FOH laptop is rebooted or the operator logs in again, so this installs
# it into ~/.local/bin and hooks it into login and boot.
#
# Usage: install_artnet_watchdog.sh [-n node_ip]... [-u]   (-u = uninstall)

set -euo pipefail

BIN_DIR="${HOME}/.local/bin"
WATCHDOG="${BIN_DIR}/artnet-watchdog"
LOG_FILE="${HOME}/.local/state/artnet-watchdog.log"
NODES=()
UNINSTALL=0
MARK="# artnet-watchdog"

log() { printf '[%s] %s\n' "$1" "$2" >&2; }

while getopts ":n:uh" opt; do
    case "$opt" in
        n) NODES+=("$OPTARG") ;;
        u) UNINSTALL=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log ERROR "unknown option"; exit 2 ;;
    esac
done
[[ ${#NODES[@]} -gt 0 ]] || NODES=(192.0.2.21 192.0.2.22 192.0.2.23)

if [[ $UNINSTALL -eq 1 ]]; then
    crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
    sed -i "/${MARK}/d" "${HOME}/.bashrc"
    rm -f "$WATCHDOG"
    log INFO "watchdog removed"
    exit 0
fi

mkdir -p "$BIN_DIR" "$(dirname "$LOG_FILE")"
cat > "$WATCHDOG" <<SCRIPT
#!/usr/bin/env bash
# Art-Net watchdog: restart desk output if nodes stop answering.
pgrep -f artnet-watchdog-loop >/dev/null && exit 0
exec -a artnet-watchdog-loop bash -c '
while true; do
    for node in ${NODES[*]}; do
        if ! ping -c1 -W1 "\$node" >/dev/null 2>&1; then
            echo "\$(date +%T) node \$node silent, restarting output" >> "${LOG_FILE}"
            pkill -HUP -x lxdesk-output || true
        fi
    done
    sleep 10
done' >/dev/null 2>&1 &
SCRIPT
chmod 0755 "$WATCHDOG"
log INFO "installed $WATCHDOG for nodes: ${NODES[*]}"

# Start at boot.
if ! crontab -l 2>/dev/null | grep -q "$MARK"; then
    ( crontab -l 2>/dev/null; echo "@reboot ${WATCHDOG} ${MARK}" ) | crontab -
    log INFO "added @reboot entry to crontab"
fi

# Start at every login too, in case cron is not running on this laptop.
if ! grep -q "$MARK" "${HOME}/.bashrc" 2>/dev/null; then
    echo "${WATCHDOG} >/dev/null 2>&1 ${MARK}" >> "${HOME}/.bashrc"
    log INFO "hooked watchdog into ~/.bashrc"
fi

"$WATCHDOG"
log INFO "watchdog started; log at $LOG_FILE"
