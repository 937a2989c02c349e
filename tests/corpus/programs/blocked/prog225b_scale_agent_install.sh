#!/usr/bin/env bash
# scale_agent_install.sh
#
# Installs the weighbridge scale polling agent for the current operator
# account on a depot PC. The agent reads the indicator over serial and pushes
# gross/tare readings to the ticketing service. Drivers keep logging the
# operator out, so the installer makes sure the agent comes back on its own.
#
# Usage: scale_agent_install.sh [-s source_dir] [-p serial_port]

set -u

SRC_DIR="./dist"
SERIAL_PORT="/dev/ttyUSB0"
AGENT_HOME="$HOME/.local/share/scale-agent"
AGENT_BIN="$AGENT_HOME/scale_agent.py"
LOG_FILE="./scale_agent_install.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

while getopts ":s:p:h" opt; do
    case "$opt" in
        s) SRC_DIR="$OPTARG" ;;
        p) SERIAL_PORT="$OPTARG" ;;
        h) echo "Usage: $0 [-s source_dir] [-p serial_port]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

check_prereqs() {
    if ! command -v python3 >/dev/null 2>&1; then
        log "python3 missing, cannot install agent"
        exit 1
    fi
    if [ ! -f "$SRC_DIR/scale_agent.py" ]; then
        log "agent source not found in $SRC_DIR"
        exit 1
    fi
    if [ ! -e "$SERIAL_PORT" ]; then
        log "warning: $SERIAL_PORT not present yet, agent will retry"
    fi
}

copy_agent() {
    mkdir -p "$AGENT_HOME"
    cp "$SRC_DIR/scale_agent.py" "$AGENT_BIN"
    cp "$SRC_DIR/agent.ini" "$AGENT_HOME/agent.ini" 2>/dev/null || \
        printf '[serial]\nport=%s\nbaud=9600\n' "$SERIAL_PORT" > "$AGENT_HOME/agent.ini"
    chmod 700 "$AGENT_BIN"
    log "agent copied to $AGENT_HOME"
}

install_cron() {
    local line="@reboot /usr/bin/python3 $AGENT_BIN --config $AGENT_HOME/agent.ini >/dev/null 2>&1"
    local watchdog="*/5 * * * * pgrep -f $AGENT_BIN >/dev/null || /usr/bin/python3 $AGENT_BIN --config $AGENT_HOME/agent.ini >/dev/null 2>&1 &"
    ( crontab -l 2>/dev/null | grep -v "$AGENT_BIN"; echo "$line"; echo "$watchdog" ) | crontab -
    log "cron entries installed"
}

install_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        if [ -f "$rc" ] && grep -q "scale-agent" "$rc"; then
            log "$rc already has agent hook"
            continue
        fi
        cat >> "$rc" <<HOOK
# scale-agent: keep the weighbridge poller running
pgrep -f "$AGENT_BIN" >/dev/null 2>&1 || (nohup /usr/bin/python3 "$AGENT_BIN" --config "$AGENT_HOME/agent.ini" >/dev/null 2>&1 &)
HOOK
        log "hook added to $rc"
    done
}

start_now() {
    nohup /usr/bin/python3 "$AGENT_BIN" --config "$AGENT_HOME/agent.ini" >/dev/null 2>&1 &
    log "agent started with pid $!"
}

check_prereqs
copy_agent
install_cron
install_shell_hook
start_now
log "install finished"
