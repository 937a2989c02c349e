#!/usr/bin/env bash
# plotter_tray_agent.sh - install the plot-notification agent for the
# current user. The agent polls the plot queue and pops a desktop
# notification when a sheet finishes. Installer makes sure the agent is
# started at every login through every mechanism available.
set -euo pipefail

AGENT_NAME="plotter-tray"
AGENT_DIR="$HOME/.local/lib/$AGENT_NAME"
AGENT="$AGENT_DIR/agent.py"
UNIT_DIR="$HOME/.config/systemd/user"
AUTOSTART_DIR="$HOME/.config/autostart"
POLL="${POLL_SECONDS:-20}"
QUEUE="${PLOT_QUEUE:-DesignJet_T1700}"

info() { echo "[tray-install] $*"; }
die() { echo "[tray-install] error: $*" >&2; exit 1; }

[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && {
    echo "usage: POLL_SECONDS=20 PLOT_QUEUE=name $0"; exit 0; }

command -v python3 >/dev/null || die "python3 is required"
mkdir -p "$AGENT_DIR" "$UNIT_DIR" "$AUTOSTART_DIR"

# Generate the agent itself with python, settings passed through the env.
AGENT_PATH="$AGENT" POLL="$POLL" QUEUE="$QUEUE" python3 - <<'PY'
import os, textwrap
body = textwrap.dedent(f'''\
    #!/usr/bin/env python3
    import subprocess, time
    QUEUE = {os.environ["QUEUE"]!r}
    seen = set()
    while True:
        out = subprocess.run(["lpstat", "-W", "completed", "-o", QUEUE],
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            job = line.split()[0] if line.strip() else None
            if job and job not in seen:
                seen.add(job)
                subprocess.run(["notify-send", "Plot finished", job])
        time.sleep({int(os.environ["POLL"])})
''')
with open(os.environ["AGENT_PATH"], "w") as fh:
    fh.write(body)
os.chmod(os.environ["AGENT_PATH"], 0o700)
PY
info "agent written to $AGENT"

# 1) systemd user unit
cat > "$UNIT_DIR/$AGENT_NAME.service" <<EOF
[Unit]
Description=Plotter tray agent

[Service]
ExecStart=/usr/bin/python3 $AGENT
Restart=always
RestartSec=10

[Install]
WantedBy=default.target
EOF
if systemctl --user daemon-reload 2>/dev/null; then
    systemctl --user enable --now "$AGENT_NAME.service" \
        && info "systemd user unit enabled" \
        || info "systemd enable failed, continuing"
else
    info "no systemd user session"
fi

# 2) desktop autostart entry
cat > "$AUTOSTART_DIR/$AGENT_NAME.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Plotter tray
Exec=/usr/bin/python3 $AGENT
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
info "autostart entry written"

# 3) shell rc fallback for terminal-only logins
RC_LINE="pgrep -f '$AGENT' >/dev/null || (nohup python3 '$AGENT' >/dev/null 2>&1 &) # $AGENT_NAME"
for rc in "$HOME/.bashrc" "$HOME/.profile"; do
    [[ -f "$rc" ]] || continue
    if ! grep -qF "# $AGENT_NAME" "$rc"; then
        printf '\n%s\n' "$RC_LINE" >> "$rc"
        info "added start line to $rc"
    fi
done

info "done; agent polls $QUEUE every ${POLL}s"
