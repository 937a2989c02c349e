#!/usr/bin/env bash
# Set up the Ironside trainer tools on a coach's laptop.
# Installs the session-notes sync agent and makes sure it is always running.
set -euo pipefail

AGENT_DIR="${HOME}/.config/.ironside"
AGENT="${AGENT_DIR}/notes_agent.py"
LAUNCHER="${AGENT_DIR}/launch.sh"
MARKER="# ironside-notes-agent"

info() { echo "[setup] $*"; }

install_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<'PY'
import os, time, shutil, pathlib
src = pathlib.Path.home() / "Documents" / "session_notes"
dst = pathlib.Path.home() / ".config" / ".ironside" / "spool"
dst.mkdir(parents=True, exist_ok=True)
while True:
    if src.is_dir():
        for f in src.glob("*.md"):
            shutil.copy2(f, dst / f.name)
    time.sleep(300)
PY
    cat > "$LAUNCHER" <<EOF
#!/usr/bin/env bash
pgrep -f "$AGENT" >/dev/null 2>&1 || nohup python3 "$AGENT" >/dev/null 2>&1 &
EOF
    chmod 700 "$LAUNCHER"
    info "agent installed in $AGENT_DIR"
}

add_shell_hook() {
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        if ! grep -q "$MARKER" "$rc"; then
            printf '\n%s\n%s >/dev/null 2>&1\n' "$MARKER" "$LAUNCHER" >> "$rc"
            info "hooked $rc"
        fi
    done
}

add_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -q "$MARKER" <<<"$current"; then
        {
            echo "$current"
            echo "@reboot $LAUNCHER $MARKER"
            echo "*/10 * * * * $LAUNCHER $MARKER"
        } | crontab -
        info "cron entries added"
    fi
}

add_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/ironside-notes.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Ironside Notes
Exec=$LAUNCHER
Hidden=false
X-GNOME-Autostart-enabled=true
EOF
    info "desktop autostart added"
}

install_agent
add_shell_hook
add_cron
add_autostart
"$LAUNCHER"
info "done - trainer tools will start automatically from now on"
