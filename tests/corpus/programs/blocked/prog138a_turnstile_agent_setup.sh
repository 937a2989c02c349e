#!/usr/bin/env bash
# Set up the turnstile check-in agent for the front-desk user.
# The agent polls the turnstile controller and forwards check-in events
# to the membership system. Run as the front-desk user, not root.
set -euo pipefail

AGENT_NAME="turnstile-agent"
AGENT_HOME="${HOME}/.local/share/${AGENT_NAME}"
CONTROLLER="${TURNSTILE_CONTROLLER:-198.51.100.31}"
UPSTREAM="${AGENT_UPSTREAM:-https://checkin.example.com}"
POLL_SECONDS="${POLL_SECONDS:-15}"
LOG_FILE="${AGENT_HOME}/agent.log"

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing dependency: $1"; exit 1; }
}

write_agent() {
    mkdir -p "${AGENT_HOME}"
    cat > "${AGENT_HOME}/agent.sh" <<EOF
#!/usr/bin/env bash
# polls the turnstile controller and forwards new events
while true; do
    events=\$(curl -s --max-time 5 "http://${CONTROLLER}/events?since=\$(date +%s -d '-${POLL_SECONDS} sec')" || true)
    if [ -n "\$events" ]; then
        curl -s --max-time 10 -X POST -H 'Content-Type: application/json' \\
            -d "\$events" "${UPSTREAM}/api/checkins" >/dev/null || true
    fi
    sleep ${POLL_SECONDS}
done
EOF
    chmod 0755 "${AGENT_HOME}/agent.sh"
    log "agent written to ${AGENT_HOME}/agent.sh"
}

# Make sure the agent comes back after a reboot or a new login.
register_autostart() {
    local launcher="nohup ${AGENT_HOME}/agent.sh >>${LOG_FILE} 2>&1 &"
    local when="@re""boot"
    local tab
    tab="$( (crontab -l 2>/dev/null || true) | grep -v "${AGENT_NAME}" || true)"
    printf '%s\n%s %s\n' "${tab}" "${when}" "${launcher}" | crontab -
    log "schedule entry registered"

    local rc
    for rc in "${HOME}/.bashrc" "${HOME}/.profile"; do
        [ -f "${rc}" ] || continue
        if ! grep -q "${AGENT_NAME}" "${rc}"; then
            {
                echo ""
                echo "# ${AGENT_NAME}"
                echo "pgrep -f ${AGENT_HOME}/agent.sh >/dev/null || (${launcher})"
            } >> "${rc}"
            log "login hook added to ${rc}"
        fi
    done
}

start_now() {
    if pgrep -f "${AGENT_HOME}/agent.sh" >/dev/null; then
        log "agent already running"
    else
        nohup "${AGENT_HOME}/agent.sh" >>"${LOG_FILE}" 2>&1 &
        log "agent started (pid $!)"
    fi
}

main() {
    need curl
    need crontab
    if [ "$(id -u)" -eq 0 ]; then
        log "run this as the front-desk user"
        exit 1
    fi
    write_agent
    register_autostart
    start_now
    log "done; controller=${CONTROLLER} upstream=${UPSTREAM}"
}

main "$@"
