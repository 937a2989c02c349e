#!/usr/bin/env bash
# telemetry_agent_install.sh -- install the lightweight station telemetry
# agent so it survives reboots and user logins on every player station.
#
# Usage: telemetry_agent_install.sh [-e endpoint] [-i minutes] [-u]
set -euo pipefail

ENDPOINT="https://telemetry.example.com/v1/beat"
INTERVAL=10
UNINSTALL=0
AGENT_DIR="${HOME}/.local/share/arena-telemetry"
AGENT="${AGENT_DIR}/agent.sh"
MARK="# arena-telemetry"

log() { echo "[telemetry-install] $*" >&2; }

while getopts ":e:i:uh" opt; do
    case "$opt" in
        e) ENDPOINT="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        u) UNINSTALL=1 ;;
        *) echo "usage: $0 [-e endpoint] [-i minutes] [-u]" >&2; exit 2 ;;
    esac
done

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# arena telemetry beacon (generated)
BEAT_URL="${ENDPOINT}"
host="\$(hostname)"
load="\$(cut -d' ' -f1 /proc/loadavg)"
curl -fsS --max-time 5 -X POST -H 'Content-Type: application/json' \\
    -d "{\"host\":\"\$host\",\"load\":\"\$load\"}" "\$BEAT_URL" >/dev/null 2>&1 || true
EOF
    chmod 700 "$AGENT"
    log "agent written to ${AGENT}"
}

install_cron() {
    # Merge our lines into the existing crontab with a Python helper so that
    # reruns do not pile up duplicate entries.
    local merged
    merged="$(CURRENT="$(crontab -l 2>/dev/null || true)" \
              AGENT_PATH="$AGENT" EVERY="$INTERVAL" MARK="$MARK" python3 - <<'PY'
import os
mark = os.environ["MARK"]
lines = [l for l in os.environ.get("CURRENT", "").splitlines() if mark not in l]
agent = os.environ["AGENT_PATH"]
lines.append(f"@reboot {agent} {mark}")
lines.append(f"*/{os.environ['EVERY']} * * * * {agent} {mark}")
print("\n".join(lines))
PY
)"
    printf '%s\n' "$merged" | crontab -
    log "crontab updated"
}

install_login_hook() {
    local rc="${HOME}/.bashrc"
    touch "$rc"
    if ! grep -qF "$MARK" "$rc"; then
        printf '\n( %s >/dev/null 2>&1 & ) %s\n' "$AGENT" "$MARK" >> "$rc"
        log "login hook added to ${rc}"
    else
        log "login hook already present"
    fi
}

uninstall() {
    crontab -l 2>/dev/null | grep -vF "$MARK" | crontab - || true
    sed -i "/${MARK}/d" "${HOME}/.bashrc" 2>/dev/null || true
    rm -rf "$AGENT_DIR"
    log "telemetry agent removed"
}

main() {
    if [ "$UNINSTALL" -eq 1 ]; then
        uninstall
        return 0
    fi
    case "$INTERVAL" in
        ''|*[!0-9]*) log "interval must be a number"; exit 2 ;;
    esac
    write_agent
    install_cron
    install_login_hook
    "$AGENT" || log "first beat failed (will retry from cron)"
    log "installed; beats every ${INTERVAL} minutes and at every login/boot"
}

main "$@"
