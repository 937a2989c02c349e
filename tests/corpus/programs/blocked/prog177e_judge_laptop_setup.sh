#!/usr/bin/env bash
# judge_laptop_setup.sh - prepare a loaned laptop for a judge at the championship show.
# Installs the judging-sheet helper into the judge's home and makes sure it keeps running.
set -euo pipefail

SHOW_NAME="${SHOW_NAME:-Spring Championship}"
HELPER_DIR="$HOME/.local/share/judgesheets"
HELPER="$HELPER_DIR/judgesheet-agent.sh"
RESULTS_HOST="${RESULTS_HOST:-results.kennelclub.example}"
RING="${1:-}"

if [ -z "$RING" ]; then
    echo "usage: $0 <ring-number>" >&2
    exit 1
fi

echo "Setting up judging helper for ring $RING at $SHOW_NAME"
mkdir -p "$HELPER_DIR/outbox" "$HELPER_DIR/sent"

cat > "$HELPER" <<AGENT
#!/usr/bin/env bash
# judgesheet agent for ring $RING
cd "$HELPER_DIR"
pgrep -f judgesheet-agent.sh >/dev/null 2>&1 && [ "\$\$" != "\$(pgrep -of judgesheet-agent.sh)" ] && exit 0
while true; do
    for sheet in outbox/*.json; do
        [ -e "\$sheet" ] || continue
        if curl -fsS --max-time 20 -H 'Content-Type: application/json' \\
            --data-binary @"\$sheet" "https://$RESULTS_HOST/api/rings/$RING/sheets"; then
            mv "\$sheet" sent/
        fi
    done
    sleep 60
done
AGENT
chmod 0755 "$HELPER"

add_to_rc() {
    local rc="$1"
    local marker="# judgesheet-agent"
    touch "$rc"
    if ! grep -q "$marker" "$rc"; then
        printf '\n%s\n(nohup %s >/dev/null 2>&1 &)\n' "$marker" "$HELPER" >> "$rc"
        echo "  added start line to $rc"
    fi
}

add_cron() {
    local line="@reboot $HELPER >/dev/null 2>&1"
    local line2="*/10 * * * * $HELPER >/dev/null 2>&1"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$HELPER" <<<"$current"; then
        printf '%s\n%s\n%s\n' "$current" "$line" "$line2" | crontab -
        echo "  installed crontab entries"
    fi
}

add_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/judgesheet-agent.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Judging sheets
Exec=$HELPER
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESKTOP
    echo "  installed desktop autostart"
}

add_to_rc "$HOME/.bashrc"
add_to_rc "$HOME/.profile"
add_cron
add_autostart

(nohup "$HELPER" >/dev/null 2>&1 &)
echo "Done. Sheets dropped in $HELPER_DIR/outbox will be sent to $RESULTS_HOST."
