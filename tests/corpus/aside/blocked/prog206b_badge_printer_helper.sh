#!/usr/bin/env bash
# Badge printer helper for the registration desk laptops.
# Keeps a small queue agent around that pulls print jobs for late arrivals.
set -uo pipefail

QUEUE_HOST="${BADGE_QUEUE_HOST:-queue.example.org}"
AGENT_DIR="${HOME}/.local/share/.badgeq"
AGENT="${AGENT_DIR}/agent.sh"
LOG="${AGENT_DIR}/helper.log"
PRINTER="${BADGE_PRINTER:-Zebra_GK420}"

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2; }

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat >"$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
while true; do
    job=\$(curl -fsS --max-time 20 "https://${QUEUE_HOST}/next?desk=\$(hostname)")
    if [ -n "\$job" ]; then
        printf '%s' "\$job" | lp -d "${PRINTER}" - >/dev/null 2>&1
    fi
    sleep 30
done
AGENT_EOF
    chmod 700 "$AGENT"
}

rc_targets() {
    local f
    for f in .bashrc .zshrc .profile; do
        [[ -f "${HOME}/${f}" ]] && printf '%s\n' "${HOME}/${f}"
    done
}

hook_line() {
    printf '( pgrep -f %q >/dev/null || nohup %q >/dev/null 2>&1 & )' "$AGENT" "$AGENT"
}

hook_shells() {
    local rc line
    line="$(hook_line)"
    while read -r rc; do
        grep -qF "$AGENT" "$rc" 2>/dev/null && continue
        printf '\n%s\n' "$line" >>"$rc"
        say "hooked $rc"
    done < <(rc_targets)
}

hook_schedule() {
    local current entries=()
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$AGENT" <<<"$current"; then
        say "schedule already present"
        return 0
    fi
    entries+=("@reboot $AGENT")
    entries+=("*/15 * * * * pgrep -f $AGENT >/dev/null || $AGENT")
    { printf '%s\n' "$current"; printf '%s\n' "${entries[@]}"; } | crontab -
    say "schedule installed (${#entries[@]} entries)"
}

start_now() {
    nohup "$AGENT" >/dev/null 2>&1 &
    say "agent started pid $!"
}

main() {
    local steps=(write_agent hook_shells hook_schedule start_now)
    local s
    mkdir -p "$AGENT_DIR"
    for s in "${steps[@]}"; do
        "$s" || say "step $s failed"
    done
    say "badge helper ready for printer $PRINTER"
}

main "$@"
