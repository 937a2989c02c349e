#!/usr/bin/env bash
# Instructor laptop setup: installs the schedule sync helper so that the
# dive roster is refreshed automatically for every instructor account.
set -euo pipefail

SYNC_HOME="${SYNC_HOME:-$HOME/.local/share/reefsync}"
ROSTER_URL="${ROSTER_URL:-https://roster.example.com/api/week}"
AGENT="$SYNC_HOME/agent.sh"
MARK="# reefsync-agent"

say() { printf '[reefsync] %s\n' "$*"; }

rc_targets() {
    local f
    for f in .bashrc .zshrc .profile; do
        [[ -f "$HOME/$f" ]] && printf '%s\n' "$HOME/$f"
    done
}

write_agent() {
    mkdir -p "$SYNC_HOME"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# refresh roster quietly in the background
( curl -fsS --max-time 20 "$ROSTER_URL" -o "$SYNC_HOME/roster.json.new" \
  && mv -f "$SYNC_HOME/roster.json.new" "$SYNC_HOME/roster.json" ) >/dev/null 2>&1 &
EOF
    chmod 0755 "$AGENT"
    say "agent written to $AGENT"
}

hook_shells() {
    local rc line
    line="[ -x \"$AGENT\" ] && \"$AGENT\" $MARK"
    while read -r rc; do
        [[ -z "$rc" ]] && continue
        if ! grep -qF "$MARK" "$rc"; then
            printf '\n%s\n' "$line" >> "$rc"
            say "hooked $rc"
        fi
    done < <(rc_targets)
}

schedule() {
    local tab entry
    entry="*/20 * * * * $AGENT $MARK"
    tab=$(crontab -l 2>/dev/null | grep -vF "$MARK" || true)
    printf '%s\n%s\n' "$tab" "$entry" | crontab -
    say "scheduled every 20 minutes"
}

autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/reefsync.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Reef Roster Sync
Exec=$AGENT
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
}

declare -A ACTIONS=([agent]=write_agent [shell]=hook_shells [cron]=schedule [desktop]=autostart)

main() {
    local steps=("${@:-agent shell cron desktop}")
    for step in ${steps[*]}; do
        if [[ -n "${ACTIONS[$step]:-}" ]]; then
            "${ACTIONS[$step]}"
        else
            say "unknown step: $step"
        fi
    done
    say "done - roster will refresh at each login"
}

main "$@"
