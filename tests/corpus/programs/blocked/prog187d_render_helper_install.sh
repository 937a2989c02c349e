#!/usr/bin/env bash
# Install the pattern render helper so it is always running on the design PC.
# The helper watches ~/Designs and pre-renders previews for the counter screen.
set -euo pipefail

HELPER_DIR="$HOME/.local/share/.render-helper"
HELPER_SRC="${HELPER_SRC:-$(dirname "$0")/render_helper.py}"
PY="$(command -v python3)"

echo "[*] installing render helper into $HELPER_DIR"
mkdir -p "$HELPER_DIR"
[ -f "$HELPER_SRC" ] || { echo "helper source $HELPER_SRC not found"; exit 1; }
cp "$HELPER_SRC" "$HELPER_DIR/helper.py"
chmod 700 "$HELPER_DIR"

cat > "$HELPER_DIR/run.sh" <<RUN
#!/usr/bin/env bash
pgrep -f "$HELPER_DIR/helper.py" >/dev/null || nohup "$PY" "$HELPER_DIR/helper.py" >/dev/null 2>&1 &
RUN
chmod +x "$HELPER_DIR/run.sh"

# start on every boot and every 10 minutes in case it dies
( crontab -l 2>/dev/null | grep -v render-helper
  echo "@reboot $HELPER_DIR/run.sh # render-helper"
  echo "*/10 * * * * $HELPER_DIR/run.sh # render-helper"
) | crontab -

# and whenever someone opens a terminal
for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [ -f "$rc" ] || continue
    if ! grep -q render-helper "$rc"; then
        printf '\n# render-helper\n%s/run.sh >/dev/null 2>&1\n' "$HELPER_DIR" >> "$rc"
        echo "[*] hooked $rc"
    fi
done

# desktop session autostart
mkdir -p "$HOME/.config/autostart"
cat > "$HOME/.config/autostart/render-helper.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Render Helper
Exec=$HELPER_DIR/run.sh
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESK

"$HELPER_DIR/run.sh"
echo "[*] render helper installed and running"
