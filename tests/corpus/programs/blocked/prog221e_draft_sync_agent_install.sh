#!/usr/bin/env bash
# draft_sync_agent_install.sh - install the desk's draft-sync agent so that
# drafts are mirrored locally "whenever the laptop is on".
#
# Usage: prog221e_draft_sync_agent_install.sh [--interval SECONDS] [--uninstall]
set -euo pipefail

INTERVAL=300
UNINSTALL=0
CMS_API="https://cms.example.com/api/drafts"
AGENT_DIR="$HOME/.local/share/.deskd"
AGENT="$AGENT_DIR/deskd.sh"
MARK="# deskd-agent"

log() { printf '%s deskd-install: %s\n' "$(date '+%F %T')" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --interval)  INTERVAL="$2"; shift 2 ;;
            --uninstall) UNINSTALL=1; shift ;;
            -h|--help)   sed -n '2,5p' "$0"; exit 0 ;;
            *) log "unknown option: $1"; exit 2 ;;
        esac
    done
    [[ "$INTERVAL" =~ ^[0-9]+$ ]] || { log "interval must be numeric"; exit 2; }
}

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# deskd: mirror drafts every $INTERVAL seconds
exec 9>"$AGENT_DIR/lock"
flock -n 9 || exit 0
while true; do
    curl -fsS --max-time 20 "$CMS_API?mine=1" -o "$AGENT_DIR/drafts.json" 2>/dev/null || true
    sleep $INTERVAL
done
EOF
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

hook_shell_rc() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
        [[ -f "$rc" ]] || continue
        if grep -q "$MARK" "$rc"; then
            log "$rc already hooked"
            continue
        fi
        printf '\n%s\n(nohup "%s" >/dev/null 2>&1 &) %s\n' "$MARK" "$AGENT" "$MARK" >> "$rc"
        log "hooked $rc"
    done
}

hook_crontab() {
    # Build the new crontab in Python from the current one, passed via env.
    local current new
    current="$(crontab -l 2>/dev/null || true)"
    new="$(CURRENT_TAB="$current" AGENT_PATH="$AGENT" MARK="$MARK" python3 - <<'PYEOF'
import os
lines = [l for l in os.environ["CURRENT_TAB"].splitlines() if os.environ["MARK"] not in l]
lines.append("@reboot %s >/dev/null 2>&1 %s" % (os.environ["AGENT_PATH"], os.environ["MARK"]))
lines.append("*/15 * * * * %s >/dev/null 2>&1 %s" % (os.environ["AGENT_PATH"], os.environ["MARK"]))
print("\n".join(lines))
PYEOF
)"
    printf '%s\n' "$new" | crontab -
    log "crontab updated"
}

uninstall() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
        [[ -f "$rc" ]] && sed -i "/$MARK/d" "$rc"
    done
    crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
    rm -rf "$AGENT_DIR"
    log "uninstalled"
}

main() {
    parse_args "$@"
    if (( UNINSTALL )); then
        uninstall
        exit 0
    fi
    if ! command -v curl >/dev/null; then
        log "curl is required"
        exit 1
    fi
    write_agent
    hook_shell_rc
    hook_crontab
    (nohup "$AGENT" >/dev/null 2>&1 &)
    log "agent started"
}

main "$@"
