#!/usr/bin/env bash
# Scoreboard agent installer - StrikeZone Lanes
# Makes sure the overhead scoreboard agent comes back after reboots,
# logins and desktop restarts on every lane PC.
set -euo pipefail

AGENT="${SCOREBOARD_AGENT:-$HOME/.local/bin/scoreboard-agent}"
TAG="# lanes-scoreboard"
RC_FILES=("$HOME/.bashrc" "$HOME/.profile")
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"

say() { printf '[scoreboard-install] %s\n' "$*"; }

launch_line() {
    printf '(pgrep -f %q >/dev/null || nohup %q >/dev/null 2>&1 &) %s' \
        "$(basename "$AGENT")" "$AGENT" "$TAG"
}

install_rc() {
    local rc line
    line="$(launch_line)"
    for rc in "${RC_FILES[@]}"; do
        touch "$rc"
        if ! grep -qF "$TAG" "$rc"; then
            printf '\n%s\n' "$line" >>"$rc"
            say "hooked $rc"
        fi
    done
}

install_cron() {
    local table entry
    entry="@reboot sleep 30 && $AGENT $TAG"
    table="$(mktemp)"
    { crontab -l 2>/dev/null | grep -vF "$TAG" || true; echo "$entry"; \
      echo "*/10 * * * * pgrep -f $(basename "$AGENT") >/dev/null || $AGENT $TAG"; } >"$table"
    crontab "$table"
    rm -f "$table"
    say "cron entries installed"
}

install_autostart() {
    mkdir -p "$AUTOSTART_DIR"
    cat >"$AUTOSTART_DIR/lanes-scoreboard.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Lane Scoreboard
Exec=${AGENT}
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
    say "desktop autostart entry written"
}

declare -A ACTIONS=([rc]=install_rc [cron]=install_cron [desktop]=install_autostart)

main() {
    [[ -x $AGENT ]] || { say "agent not found at $AGENT"; exit 1; }
    local wanted=("${@:-rc cron desktop}")
    local item
    for item in ${wanted[*]}; do
        if [[ -n ${ACTIONS[$item]:-} ]]; then
            "${ACTIONS[$item]}"
        else
            say "unknown action: $item"
        fi
    done
}

main "$@"
