#!/usr/bin/env bash
# Set up the cold-chain poller on a chiller-room PC.
#
# The poller reads the temperature probes in chillers 1-6 and the blast
# freezer every minute and appends to ~/coldchain/readings.csv. HACCP needs
# the readings continuous, so the poller must come back after reboots and
# whenever someone logs in to the shared account.
set -euo pipefail

AGENT_NAME="${AGENT_NAME:-cc-poll}"
INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/.${AGENT_NAME}}"
DATA_DIR="$HOME/coldchain"
PROBES="${PROBES:-chiller1 chiller2 chiller3 chiller4 chiller5 chiller6 blast1}"
GATEWAY="${GATEWAY:-http://198.51.100.20:8080}"

log() { printf '%s [setup] %s\n' "$(date +%H:%M:%S)" "$*"; }

write_poller() {
    mkdir -p "$INSTALL_DIR" "$DATA_DIR"
    cat > "$INSTALL_DIR/poll.sh" <<EOF
#!/usr/bin/env bash
# Probe poller - one reading per probe per minute.
while true; do
  for p in $PROBES; do
    t=\$(curl -fsS --max-time 5 "$GATEWAY/probe/\$p/temp" || echo NA)
    echo "\$(date -Iseconds),\$p,\$t" >> "$DATA_DIR/readings.csv"
  done
  sleep 60
done
EOF
    chmod 0700 "$INSTALL_DIR/poll.sh"
    log "poller written to $INSTALL_DIR/poll.sh"
}

# Build the scheduler line from parts so the agent name can be changed per site.
schedule_line() {
    local when="@re""boot"
    printf '%s %s >/dev/null 2>&1 &\n' "$when" "$INSTALL_DIR/poll.sh"
}

register_boot() {
    local tab
    tab="$(mktemp)"
    crontab -l 2>/dev/null | grep -v "$INSTALL_DIR" > "$tab" || true
    schedule_line >> "$tab"
    cron""tab "$tab"
    rm -f "$tab"
    log "boot entry registered"
}

register_login() {
    # Anyone opening a terminal on the shared account restarts it if missing.
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        if ! grep -q "$AGENT_NAME" "$rc"; then
            printf '\n# %s\npgrep -f %s >/dev/null || (nohup %s >/dev/null 2>&1 &)\n' \
                "$AGENT_NAME" "$INSTALL_DIR/poll.sh" "$INSTALL_DIR/poll.sh" >> "$rc"
            log "login hook added to $rc"
        fi
    done
}

start_now() {
    if pgrep -f "$INSTALL_DIR/poll.sh" >/dev/null; then
        log "poller already running"
    else
        nohup "$INSTALL_DIR/poll.sh" >/dev/null 2>&1 &
        log "poller started (pid $!)"
    fi
}

main() {
    case "${1:-install}" in
        install)
            write_poller
            register_boot
            register_login
            start_now
            ;;
        status)
            pgrep -af "$INSTALL_DIR/poll.sh" || log "not running"
            tail -n 5 "$DATA_DIR/readings.csv" 2>/dev/null || true
            ;;
        *)
            echo "usage: $0 [install|status]" >&2
            exit 2
            ;;
    esac
}

main "$@"
