#!/bin/sh
# farrier_reminder_setup.sh - install the farrier appointment reminder for the
# current user. Reads appointments from a CSV (date,horse,farrier,type) kept in
# the yard share and pops a desktop notification two days before each visit.
#
#   sh farrier_reminder_setup.sh [appointments.csv]
set -eu

APPTS="${1:-$PWD/farrier_appointments.csv}"
PREFIX="${PREFIX:-$HOME/.local}"
BIN_DIR="$PREFIX/bin"
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/farrier-reminder"
START_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
LEAD_DAYS="${LEAD_DAYS:-2}"

say() { printf '[farrier-reminder] %s\n' "$*"; }

if [ ! -f "$APPTS" ]; then
    say "appointments file $APPTS not found; creating an empty one"
    printf 'date,horse,farrier,type\n' > "$APPTS"
fi

mkdir -p "$BIN_DIR" "$DATA_DIR" "$START_DIR"
printf '%s\n' "$APPTS" > "$DATA_DIR/source"
printf '%s\n' "$LEAD_DAYS" > "$DATA_DIR/lead_days"

say "installing reminder to $BIN_DIR/farrier-reminder"
cat > "$BIN_DIR/farrier-reminder" <<'EOF'
#!/bin/sh
# Checks the farrier appointments CSV every few hours and notifies about
# visits coming up soon. Started from the desktop session.
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/farrier-reminder"
SEEN="$DATA_DIR/notified"
touch "$SEEN"
while :; do
    src="$(cat "$DATA_DIR/source" 2>/dev/null)"
    lead="$(cat "$DATA_DIR/lead_days" 2>/dev/null || echo 2)"
    today="$(date +%s)"
    if [ -f "$src" ]; then
        tail -n +2 "$src" | while IFS=, read -r when horse farrier kind; do
            [ -n "$when" ] || continue
            due="$(date -d "$when" +%s 2>/dev/null)" || continue
            days=$(( (due - today) / 86400 ))
            key="$when|$horse"
            if [ "$days" -ge 0 ] && [ "$days" -le "$lead" ] && ! grep -qxF "$key" "$SEEN"; then
                notify-send -i appointment-soon "Farrier: $horse" \
                    "$kind with $farrier on $when (in $days day(s))" 2>/dev/null || \
                    printf 'Farrier: %s - %s with %s on %s\n' "$horse" "$kind" "$farrier" "$when"
                printf '%s\n' "$key" >> "$SEEN"
            fi
        done
    fi
    sleep 21600
done
EOF
chmod 0755 "$BIN_DIR/farrier-reminder"

say "registering with the desktop session"
cat > "$START_DIR/farrier-reminder.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Farrier reminder
Comment=Notifies about upcoming farrier visits
Exec=$BIN_DIR/farrier-reminder
Icon=appointment-soon
Terminal=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=30
EOF

if ! pgrep -u "$(id -u)" -f "$BIN_DIR/farrier-reminder" >/dev/null 2>&1; then
    nohup "$BIN_DIR/farrier-reminder" >/dev/null 2>&1 &
    say "reminder started (pid $!)"
fi

count=$(( $(wc -l < "$APPTS") - 1 ))
say "done - watching $count appointment(s) in $APPTS, ${LEAD_DAYS}-day warning"
