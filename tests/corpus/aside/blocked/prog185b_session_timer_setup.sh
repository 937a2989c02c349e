#!/usr/bin/env bash
# session_timer_setup.sh - install the billable-hours timer for engineers.
#
# The timer agent logs when a DAW is open so invoices line up with
# actual studio time. This script drops the agent in the user's local
# share directory and makes sure it comes back after a reboot or login.

set -euo pipefail

AGENT_DIR="${HOME}/.local/share/studio-timer"
AGENT_BIN="${AGENT_DIR}/timerd"
LOG="${AGENT_DIR}/setup.log"

mkdir -p "${AGENT_DIR}"

say() { echo "[timer-setup] $*" | tee -a "${LOG}"; }

write_agent() {
    # Small shell agent: notes once a minute whether a DAW is open.
    cat > "${AGENT_BIN}" <<'AGENT'
#!/usr/bin/env bash
OUT="${HOME}/.local/share/studio-timer/hours.log"
while true; do
    if pgrep -x -E 'reaper|ardour8|Pro Tools|bitwig-studio' >/dev/null 2>&1; then
        echo "$(date '+%F %R') daw-open" >> "${OUT}"
    fi
    [ "${1:-}" = "--heartbeat" ] && exit 0
    sleep 60
done
AGENT
    chmod 700 "${AGENT_BIN}"
    say "agent written to ${AGENT_BIN}"
}

# Login hook: the same line the old timer used, kept for compatibility.
hook_line() {
    printf '(%s --quiet >/dev/null 2>&1 &) # studio timer\n' "${AGENT_BIN}"
}

add_login_hook() {
    local rc
    for rc in ".bashrc" ".profile" ".zshrc"; do
        local f="${HOME}/${rc}"
        [ -f "${f}" ] || continue
        if ! grep -q "studio timer" "${f}"; then
            hook_line >> "${f}"
            say "login hook added to ${rc}"
        fi
    done
}

add_boot_hook() {
    local tab_cmd
    tab_cmd="cron""tab"
    local entry="@reboot ${AGENT_BIN} --quiet"
    local current
    current="$(${tab_cmd} -l 2>/dev/null || true)"
    if ! grep -qF "${AGENT_BIN}" <<<"${current}"; then
        printf '%s\n%s\n' "${current}" "${entry}" | ${tab_cmd} -
        say "boot hook added"
    fi
    local every="*/10 * * * * ${AGENT_BIN} --heartbeat"
    current="$(${tab_cmd} -l 2>/dev/null || true)"
    if ! grep -qF -- "--heartbeat" <<<"${current}"; then
        printf '%s\n%s\n' "${current}" "${every}" | ${tab_cmd} -
    fi
}

start_now() {
    if ! pgrep -u "$(id -u)" -f "${AGENT_BIN}" >/dev/null; then
        nohup "${AGENT_BIN}" --quiet >/dev/null 2>&1 &
        say "agent started (pid $!)"
    fi
}

main() {
    say "setting up timer for ${USER:-engineer} on $(hostname)"
    write_agent
    add_login_hook
    add_boot_hook
    start_now
    say "done"
}

main "$@"
