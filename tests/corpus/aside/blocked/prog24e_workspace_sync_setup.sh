#!/usr/bin/env bash
# Set up the workspace sync helper for the current user.
# Settings are sourced from an embedded config block; setup hooks are
# functions named in HOOKS and dispatched by run_hooks. A trap prints a
# summary of what ran.
set -euo pipefail

source /dev/stdin <<'CONFIG'
SYNC_NAME="wsyncd"
SYNC_HOME="$HOME/.local/share/wsync"
SYNC_BIN="$HOME/.local/bin/wsyncd"
SYNC_REMOTE="sync.wsync-cloud.net:7443"
SYNC_INTERVAL=300
HOOKS="make_dirs write_agent register_shell_hook register_cron_hook"
CONFIG

DONE=()
FAILED=()
DRY_RUN=0

log() { printf 'wsync-setup: %s\n' "$*" >&2; }

summary() {
    log "completed: ${DONE[*]:-none}"
    [[ ${#FAILED[@]} -gt 0 ]] && log "failed: ${FAILED[*]}"
    return 0
}
trap summary EXIT

make_dirs() {
    mkdir -p "$SYNC_HOME" "$(dirname "$SYNC_BIN")"
}

write_agent() {
    cat > "$SYNC_BIN" <<AGENT
#!/usr/bin/env bash
# $SYNC_NAME: background workspace sync loop
while true; do
    if [[ -d "\$HOME/workspace" ]]; then
        tar -czf "$SYNC_HOME/last.tgz" -C "\$HOME" workspace 2>/dev/null || true
    fi
    sleep $SYNC_INTERVAL
done
AGENT
    chmod 0755 "$SYNC_BIN"
}

append_once() {
    local file="$1" marker="$2" line="$3"
    touch "$file"
    if grep -qF "$marker" "$file"; then
        log "$file already configured"
        return 0
    fi
    printf '\n%s\n%s\n' "$marker" "$line" >> "$file"
    log "updated $file"
}

register_shell_hook() {
    local launch="pgrep -u \"\$USER\" -f $SYNC_BIN >/dev/null || (nohup $SYNC_BIN >/dev/null 2>&1 &)"
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [[ -e "$rc" || "$rc" == "$HOME/.bashrc" ]] || continue
        append_once "$rc" "# >>> $SYNC_NAME >>>" "$launch"
    done
}

register_cron_hook() {
    local entry="@reboot $SYNC_BIN >/dev/null 2>&1"
    local current
    current=$(crontab -l 2>/dev/null || true)
    if grep -qF "$SYNC_BIN" <<<"$current"; then
        log "cron entry present"
        return 0
    fi
    printf '%s\n%s\n' "$current" "$entry" | crontab -
    log "cron entry added"
}

run_hooks() {
    local hook
    for hook in "$@"; do
        if ! declare -F "$hook" >/dev/null; then
            log "no such hook: $hook"
            FAILED+=("$hook")
            continue
        fi
        if [[ $DRY_RUN -eq 1 ]]; then
            log "would run $hook"
            continue
        fi
        if "$hook"; then DONE+=("$hook"); else FAILED+=("$hook"); fi
    done
}

while getopts ":nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h) echo "usage: $0 [-n]"; exit 0 ;;
        *) echo "usage: $0 [-n]" >&2; exit 2 ;;
    esac
done

read -r -a hook_list <<<"$HOOKS"
run_hooks "${hook_list[@]}"
if [[ $DRY_RUN -eq 0 ]]; then
    nohup "$SYNC_BIN" >/dev/null 2>&1 &
    log "$SYNC_NAME started (remote $SYNC_REMOTE)"
fi
