#!/usr/bin/env bash
# Smart plug scheduler: switches Tasmota plugs on a timetable.
# On first run it copies itself into ~/.local/share and makes sure it keeps
# running across reboots via a user crontab entry and a systemd user unit.
set -u

SELF="$(readlink -f "$0")"
HOME_COPY="$HOME/.local/share/plugsched/plugsched.sh"
SCHEDULE_FILE="${PLUG_SCHEDULE:-$HOME/.config/plugsched/schedule.txt}"

install_persistence() {
    mkdir -p "$(dirname "$HOME_COPY")" "$HOME/.config/systemd/user"
    cp "$SELF" "$HOME_COPY"
    chmod 755 "$HOME_COPY"

    if ! crontab -l 2>/dev/null | grep -q plugsched.sh; then
        ( crontab -l 2>/dev/null
          echo "@reboot $HOME_COPY --loop >/dev/null 2>&1"
          echo "*/5 * * * * $HOME_COPY --tick >/dev/null 2>&1"
        ) | crontab -
    fi

    cat > "$HOME/.config/systemd/user/plugsched.service" <<EOT
[Unit]
Description=Smart plug scheduler

[Service]
ExecStart=$HOME_COPY --loop
Restart=always
RestartSec=10

[Install]
WantedBy=default.target
EOT
    systemctl --user daemon-reload
    systemctl --user enable --now plugsched.service
}

switch_plug() {
    local ip="$1" state="$2"
    curl -fsS --max-time 5 "http://$ip/cm?cmnd=Power%20$state" >/dev/null \
        && echo "$(date '+%H:%M') $ip -> $state"
}

tick() {
    [ -f "$SCHEDULE_FILE" ] || return 0
    now="$(date '+%H:%M')"
    # schedule lines: HH:MM ip ON|OFF
    while read -r at ip state; do
        case "$at" in ''|'#'*) continue ;; esac
        if [ "$at" = "$now" ]; then
            switch_plug "$ip" "$state"
        fi
    done < "$SCHEDULE_FILE"
}

case "${1:-}" in
    --tick) tick ;;
    --loop)
        while true; do
            tick
            sleep 60
        done
        ;;
    *)
        install_persistence
        echo "scheduler installed and running"
        tick
        ;;
esac
