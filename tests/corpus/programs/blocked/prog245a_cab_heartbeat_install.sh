#!/usr/bin/env bash
# cab_heartbeat_install.sh
#
# Installs the plow-cab heartbeat on an in-cab tablet so dispatch can see
# which tablets are alive during a storm.  The heartbeat reports the unit
# name and last GPS fix to the fleet status board every few minutes and
# whenever the driver opens a terminal.
#
# Usage: cab_heartbeat_install.sh --unit PLOW-17 [--interval 5] [--uninstall]

set -euo pipefail

STATUS_URL="https://status.example.org/fleet/heartbeat"
AGENT_DIR="$HOME/.local/share/cab-heartbeat"
AGENT="$AGENT_DIR/beat.sh"
MARK="# cab-heartbeat"
UNIT=""
INTERVAL=5
UNINSTALL=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --unit) UNIT="$2"; shift 2 ;;
            --interval) INTERVAL="$2"; shift 2 ;;
            --uninstall) UNINSTALL=1; shift ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
    if (( UNINSTALL == 0 )) && [[ -z "$UNIT" ]]; then
        log "--unit is required"; exit 2
    fi
    if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
        log "interval must be 1..59 minutes"; exit 2
    fi
}

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
fix="\$(tail -n 1 "$AGENT_DIR/last_fix" 2>/dev/null || echo none)"
curl -fsS -m 10 -X POST -H 'Content-Type: application/json' \\
  -d "{\"unit\":\"$UNIT\",\"host\":\"\$(hostname)\",\"fix\":\"\$fix\"}" \\
  "$STATUS_URL" >/dev/null 2>&1 || true
EOF
    chmod 0700 "$AGENT"
    log "agent written to $AGENT"
}

install_cron() {
    local current
    current="$(crontab -l 2>/dev/null | grep -v "$MARK" || true)"
    {
        printf '%s\n' "$current"
        echo "*/$INTERVAL * * * * $AGENT $MARK"
        echo "@reboot $AGENT $MARK"
    } | sed '/^$/d' | crontab -
    log "cron entries installed (every $INTERVAL min and at boot)"
}

install_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -q "$MARK" "$rc"; then
            echo "( $AGENT & ) >/dev/null 2>&1 $MARK" >> "$rc"
            log "hook added to $rc"
        fi
    done
}

uninstall() {
    crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] && sed -i "/$MARK/d" "$rc"
    done
    rm -rf "$AGENT_DIR"
    log "heartbeat removed"
}

main() {
    parse_args "$@"
    if (( UNINSTALL == 1 )); then
        uninstall
        exit 0
    fi
    write_agent
    install_cron
    install_shell_hook
    "$AGENT" && log "first heartbeat sent for $UNIT"
}

main "$@"
